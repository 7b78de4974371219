import type { Page } from '@renderfarm/react';
import { useForm } from '@renderfarm/react';
import type { TwoFactorState } from '@server/modules/accounts/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { router } from '../../../app/protocol';
import { ConfirmsPassword } from '../../../components/confirm/ConfirmsPassword';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { bindField } from '../../../components/ui/bind-field';
import { CancelButton } from '../../../components/ui/CancelButton';
import { CopyButton } from '../../../components/ui/CopyButton';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormSection } from '../../../components/ui/FormSection';
import { Ltr } from '../../../components/ui/Ltr';
import { TextField } from '../../../components/ui/TextField';
import { formatNumber } from '../../../lib/digits';
import { getJson } from '../../../lib/fetch-json';
import { useRoute } from '../../../lib/route';

type Step = 'off' | 'confirming' | 'on';

const LOAD_ERROR = 'دریافت اطلاعات از سرور ممکن نشد. صفحه را دوباره بارگذاری کنید.';

/** The recovery codes flashed with the page an action answered with, if any. */
function flashedCodes(page?: Page): string[] | null {
  const sent = (page?.props as { flash?: { recovery_codes?: unknown } } | undefined)?.flash?.recovery_codes;
  return Array.isArray(sent) && sent.length > 0 ? (sent as string[]) : null;
}

/**
 * Two-factor sign-in: enable → scan the QR code (or type the secret) → confirm with a first code →
 * recovery codes shown once. While on: new recovery codes, or turn it off.
 */
export function TwoFactorAuthenticationForm({
  state,
  requiresConfirmation = true,
}: {
  state: TwoFactorState;
  requiresConfirmation?: boolean;
}) {
  const route = useRoute();
  const enabled = state.confirmed || (state.enabled && !requiresConfirmation);
  // A secret made but never confirmed (the page was left half-way) continues at the QR code.
  const pending = state.enabled && !enabled;
  const [confirming, setConfirming] = useState(pending);
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const confirmForm = useForm({ code: '' });
  const step: Step = confirming ? 'confirming' : enabled ? 'on' : 'off';

  const fetchSetup = async () => {
    const [qrCode, key] = await Promise.all([
      getJson<{ svg: string }>(route('two-factor.qr-code')),
      getJson<{ secretKey: string }>(route('two-factor.secret-key')),
    ]);
    setQr(qrCode.svg);
    setSecret(key.secretKey);
  };

  // The codes come once: flashed with the page after the action, else from their route, which
  // gives them back only for a few minutes after they were made (only hashes are stored).
  const fetchCodes = async (after?: Page) => {
    setCodes(flashedCodes(after) ?? (await getJson<string[]>(route('two-factor.recovery-codes'))));
  };

  const run = async (work: () => Promise<void>) => {
    setLoadError(null);
    try {
      await work();
    } catch {
      setLoadError(LOAD_ERROR);
    } finally {
      setBusy(false);
    }
  };

  // Back on the page with a pending secret: show its QR code again (once).
  const resumed = useRef(false);
  useEffect(() => {
    if (!pending || resumed.current) return;
    resumed.current = true;
    void run(fetchSetup);
  });

  const enable = () => {
    setBusy(true);
    router.post(
      route('two-factor.enable'),
      {},
      {
        preserveScroll: true,
        preserveState: true,
        onSuccess: (page) =>
          void run(async () => {
            await fetchSetup();
            if (requiresConfirmation) setConfirming(true);
            else await fetchCodes(page);
          }),
        onError: () => setBusy(false),
      },
    );
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    confirmForm.transform((data) => ({ code: data.code.replace(/\D/g, '') }));
    await confirmForm.post(route('two-factor.confirm'), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: (page) => {
        setConfirming(false);
        setQr(null);
        setSecret(null);
        confirmForm.reset();
        void run(() => fetchCodes(page));
      },
    });
  };

  const regenerate = () => {
    setBusy(true);
    router.post(
      route('two-factor.regenerate-recovery-codes'),
      {},
      {
        preserveScroll: true,
        preserveState: true,
        onSuccess: (page) => void run(() => fetchCodes(page)),
        onError: () => setBusy(false),
      },
    );
  };

  const disable = () => {
    setBusy(true);
    router.delete(route('two-factor.disable'), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        setConfirming(false);
        setCodes([]);
      },
      onFinish: () => setBusy(false),
    });
  };

  return (
    <FormSection
      id="two-factor"
      title="ورود دومرحله‌ای"
      description="با ورود دومرحله‌ای، علاوه بر رمز عبور، کدی از برنامه احراز هویت گوشی‌تان (مثل Google Authenticator) هم لازم است."
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-gray-900">
          {step === 'on'
            ? 'ورود دومرحله‌ای فعال است.'
            : step === 'confirming'
              ? 'فعال‌سازی را کامل کنید.'
              : 'ورود دومرحله‌ای فعال نیست.'}
        </h3>
        <Badge tone={step === 'on' ? 'green' : step === 'confirming' ? 'yellow' : 'gray'} dot>
          {step === 'on' ? 'فعال' : step === 'confirming' ? 'نیمه‌کاره' : 'غیرفعال'}
        </Badge>
      </div>
      {step === 'on' && codes.length === 0 && state.recovery_codes_left !== undefined && (
        <p className="mt-2 text-sm text-gray-600">
          {state.recovery_codes_left > 0
            ? `${formatNumber(state.recovery_codes_left)} کد بازیابی استفاده‌نشده دارید.`
            : 'کد بازیابی استفاده‌نشده‌ای ندارید؛ کدهای تازه بسازید.'}
        </p>
      )}
      {step === 'on' && state.can_disable === false && (
        <p className="mt-2 text-sm text-gray-600">برای حساب‌های کارکنان، ورود دومرحله‌ای الزامی است.</p>
      )}
      <FormAlert className="mt-4">{loadError}</FormAlert>

      {step === 'confirming' && (
        <div className="mt-4 space-y-4">
          <p className="text-sm leading-7 text-gray-700">
            این کد QR را با برنامه احراز هویت گوشی‌تان اسکن کنید، یا کلید زیر را در آن وارد کنید. سپس کد
            شش‌رقمی‌ای را که برنامه نشان می‌دهد بنویسید.
          </p>
          {qr && (
            <div
              role="img"
              aria-label="کد QR ورود دومرحله‌ای"
              className="inline-block rounded-xl border border-gray-200 bg-white p-2 [&_svg]:size-48"
              // The SVG is made by our own server from the account's otpauth URL, not user content.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-generated QR SVG.
              dangerouslySetInnerHTML={{ __html: qr }}
            />
          )}
          {secret && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              کلید:{' '}
              <Ltr className="rounded bg-gray-100 px-2 py-1 break-all">
                <span id="two-factor-secret">{secret}</span>
              </Ltr>
              <CopyButton value={secret} />
            </p>
          )}
          <form onSubmit={confirm} noValidate className="space-y-4">
            <TextField
              label="کد تأیید"
              {...bindField(confirmForm, confirmForm.errors, 'code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              className="max-w-48"
              digits
              ltr
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirmForm.processing}>
                تأیید و فعال‌سازی
              </Button>
              <CancelButton onClick={disable} disabled={busy} />
            </div>
          </form>
        </div>
      )}

      {codes.length > 0 && (
        <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <h4 className="font-semibold text-amber-900">کدهای بازیابی</h4>
          <p className="mt-1 text-sm leading-7 text-amber-900">
            این کدها را جای امنی نگه دارید؛ فقط همین یک بار نمایش داده می‌شوند. اگر گوشی‌تان گم شد، با هر کدام
            یک بار می‌توانید وارد شوید.
          </p>
          <ul
            aria-label="کدهای بازیابی"
            dir="ltr"
            className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm text-gray-900"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="mt-3">
            <CopyButton value={codes.join('\n')} label="کپی همه کدها" />
          </div>
        </div>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        {step === 'off' && (
          <ConfirmsPassword
            onConfirmed={enable}
            description="برای فعال‌کردن ورود دومرحله‌ای، رمز عبورتان را وارد کنید."
          >
            {(start, checking) => (
              <Button onClick={start} disabled={busy || checking}>
                فعال‌سازی
              </Button>
            )}
          </ConfirmsPassword>
        )}
        {step === 'on' && (
          <>
            <ConfirmsPassword
              onConfirmed={regenerate}
              description="برای ساختن کدهای بازیابی تازه، رمز عبورتان را وارد کنید."
            >
              {(start, checking) => (
                <Button variant="secondary" onClick={start} disabled={busy || checking}>
                  ساخت کدهای بازیابی تازه
                </Button>
              )}
            </ConfirmsPassword>
            {state.can_disable !== false && (
              <ConfirmsPassword
                onConfirmed={disable}
                description="برای غیرفعال‌کردن ورود دومرحله‌ای، رمز عبورتان را وارد کنید."
              >
                {(start, checking) => (
                  <Button variant="danger" onClick={start} disabled={busy || checking}>
                    غیرفعال‌سازی
                  </Button>
                )}
              </ConfirmsPassword>
            )}
          </>
        )}
      </div>
    </FormSection>
  );
}
