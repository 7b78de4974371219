import { router, useForm } from '@renderfarm/react';
import type {
  DocumentKind,
  KycDocumentView,
  PanelAccountVerifyProps,
} from '@server/modules/verification/contracts';
import { CircleCheck, RefreshCw, Send, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MobileCodeForms } from '../../../components/account/MobileCodeForms';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FactList } from '../../../components/ui/FactList';
import { FileDrop } from '../../../components/ui/FileDrop';
import { FormAlert } from '../../../components/ui/FormAlert';
import { JalaliDatePicker } from '../../../components/ui/JalaliDatePicker';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TextField } from '../../../components/ui/TextField';
import { DOCUMENT_ACCEPT, documentProblem } from '../../../components/verify/document-check';
import { requestFacts, TYPE_LABELS } from '../../../components/verify/kyc-facts';
import { formatNumber, toPersianDigits } from '../../../lib/digits';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';
import { formatSize } from '../../../lib/size';

const STEPS = ['مشخصات', 'موبایل', 'مدارک', 'بازبینی و ارسال'] as const;
const KYC_EVENTS = ['KycDecided'];
// `flash` too: a decision makes the last flash («…فرستاده شد») stale.
const KYC_PROPS = ['request', 'previous', 'documents', 'can', 'auth', 'flash'];

const HINTS: Record<DocumentKind, string> = {
  id_front: 'عکس واضح روی کارت ملی هوشمند، همهٔ لبه‌ها در کادر.',
  id_back: 'عکس واضح پشت کارت ملی.',
  selfie: 'عکسی از خودتان که کارت ملی و کاغذی با متن بالا را در دست دارید.',
  company_paper: 'روزنامهٔ رسمی تأسیس یا آخرین تغییرات شرکت (PDF یا تصویر).',
};

type WizardData = {
  type: 'individual' | 'legal';
  first_name: string;
  last_name: string;
  national_code: string;
  birth_date: string;
  company_name: string;
  company_national_id: string;
  company_registration_no: string;
} & Record<DocumentKind, File | null>;

/**
 * `panel.account.verify` «احراز هویت»: a four-step wizard (who, the mobile proven by SMS code,
 * the papers, review and send). Each step saves a draft; the last sends it to care. While care
 * has it the page says where it stands (a request not yet claimed can be withdrawn); once
 * approved it is read-only; a rejection shows the reason and the wizard again.
 */
export default function AccountVerify(props: PanelAccountVerifyProps) {
  const { request, previous, documents, account, can } = props;
  const status = request?.status ?? 'none';
  const [withdrawing, setWithdrawing] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const route = useRoute();
  // Care's decision arrives live: the page says where the request stands without a reload.
  useLiveReload(KYC_EVENTS, KYC_PROPS);
  // The decision the customer is answering: the request's own, or the one before this draft.
  const decision =
    (status === 'rejected' || status === 'revoked') && request?.reason
      ? { status, reason: request.reason }
      : previous?.reason
        ? { status: previous.status, reason: previous.reason }
        : null;

  return (
    <Screen
      title="احراز هویت"
      description="برای اجارهٔ سرور، ساخت توکن API و خرید اعتبار بیش از سقف، هویت حساب باید تأیید شود."
      actions={<StatusBadge kind="kyc" state={status} />}
    >
      {decision && (
        <FormAlert className="mb-4">
          {decision.status === 'rejected' ? 'درخواست پیشین شما پذیرفته نشد.' : 'تأیید هویت حساب شما لغو شد.'}{' '}
          دلیل: <strong>{decision.reason}</strong>
          <span className="block">اطلاعات یا مدارک را اصلاح کنید و دوباره بفرستید.</span>
        </FormAlert>
      )}
      {can.edit ? (
        <Wizard {...props} />
      ) : (
        <Card className="max-w-3xl p-5">
          {status === 'approved' ? (
            <p className="mb-4 flex items-center gap-2 font-bold text-green-800">
              <ShieldCheck aria-hidden="true" className="size-6" />
              هویت شما تأیید شده است.
            </p>
          ) : status === 'rejected' || status === 'revoked' ? (
            <p className="mb-4 text-sm leading-7 text-gray-800">
              درخواست تازه‌ای بفرستید: مشخصات و تصویر کارت ملی از درخواست پیشین می‌آید و عکس سلفی را با متن
              تازه‌ای که به شما نشان می‌دهیم دوباره می‌گیرید.
            </p>
          ) : (
            <p className="mb-4 text-sm leading-7 text-gray-800">
              {status === 'submitted'
                ? 'درخواست شما در صف بررسی است؛ معمولاً تا یک روز کاری بررسی می‌شود و نتیجه را پیامک می‌کنیم.'
                : 'کارشناس ما در حال بررسی مدارک شماست؛ نتیجه را پیامک می‌کنیم.'}
            </p>
          )}
          {request && <FactList facts={requestFacts(request)} />}
          <UploadedList documents={documents} />
          {can.renew && (
            <Button
              type="button"
              className="mt-4"
              disabled={renewing}
              onClick={() => {
                setRenewing(true);
                router.post(route('panel.account.verify.renew'), {}, { onFinish: () => setRenewing(false) });
              }}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              اصلاح و ارسال دوباره
            </Button>
          )}
          {can.withdraw && (
            <Button type="button" variant="secondary" className="mt-4" onClick={() => setWithdrawing(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              پس گرفتن درخواست
            </Button>
          )}
        </Card>
      )}
      {!can.edit && account.mobile && status === 'approved' && (
        <p className="mt-3 text-sm text-gray-600">برای تغییر اطلاعات تأییدشده با پشتیبانی تماس بگیرید.</p>
      )}
      <ConfirmDialog
        open={withdrawing}
        title="پس گرفتن درخواست"
        confirmLabel="پس گرفتن"
        danger
        onCancel={() => setWithdrawing(false)}
        onConfirm={() =>
          router.delete(route('panel.account.verify.destroy'), {
            preserveScroll: true,
            onFinish: () => setWithdrawing(false),
          })
        }
      >
        درخواست از صف بررسی بیرون می‌آید و به پیش‌نویس برمی‌گردد؛ پس از ویرایش می‌توانید دوباره بفرستید.
      </ConfirmDialog>
    </Screen>
  );
}

function UploadedList({ documents }: { documents: KycDocumentView[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2 text-sm">
      {documents.map((d) => (
        <li key={d.uuid} className="flex flex-wrap items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-4 text-green-600" />
          <a href={d.url} className="text-brand-700 hover:underline">
            {d.label}
          </a>
          <span className="text-gray-500">{formatSize(d.size)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where the customer left off: the first step with something missing. */
function firstOpenStep(props: PanelAccountVerifyProps): number {
  const { request, documents, account, required } = props;
  if (!request || !request.first_name || !request.national_code || !request.birth_date) return 0;
  if (!(request.mobile_verified && request.mobile === account.mobile)) return 1;
  const have = new Set(documents.map((d) => d.kind));
  if (required[request.type].some((kind) => !have.has(kind))) return 2;
  return 3;
}

function Wizard(props: PanelAccountVerifyProps) {
  const { request, documents, account, required, labels, max_bytes, latest_birth_date } = props;
  const route = useRoute();
  const [step, setStep] = useState(() => firstOpenStep(props));
  const [withdrawing, setWithdrawing] = useState(false);
  const form = useForm<WizardData>({
    type: request?.type ?? 'individual',
    first_name: request?.first_name ?? '',
    last_name: request?.last_name ?? '',
    national_code: request?.national_code ?? '',
    birth_date: request?.birth_date ?? '',
    company_name: request?.company_name ?? '',
    company_national_id: request?.company_national_id ?? '',
    company_registration_no: request?.company_registration_no ?? '',
    id_front: null,
    id_back: null,
    selfie: null,
    company_paper: null,
  });
  const { field, radio } = formBinders(form);
  const { errors } = form;
  const legal = form.data.type === 'legal';
  const kinds = required[form.data.type];
  const uploaded = new Map(documents.map((d) => [d.kind, d]));
  const mobileProven = Boolean(request?.mobile_verified && request.mobile === account.mobile);
  const missing = kinds.filter((kind) => !uploaded.has(kind) && !form.data[kind]);

  const save = (submit: boolean, next?: number) => {
    form.transform((data) => {
      const payload: Record<string, unknown> = { submit: submit ? '1' : '0' };
      for (const [key, value] of Object.entries(data)) {
        if (value instanceof File) payload[key] = value;
        else if (typeof value === 'string') payload[key] = value;
      }
      return payload;
    });
    form.post(route('panel.account.verify.store'), {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => {
        form.setData((data) => ({
          ...data,
          id_front: null,
          id_back: null,
          selfie: null,
          company_paper: null,
        }));
        if (next !== undefined) setStep(next);
      },
    });
  };

  /** A paper joins the form only when it may be sent; otherwise its field says why. */
  const choose = (kind: DocumentKind, file: File | null) => {
    const problem = file ? documentProblem(file, max_bytes) : null;
    if (problem) {
      form.setError(kind, problem);
      form.setData(kind, null);
      return;
    }
    form.clearErrors(kind);
    form.setData(kind, file);
  };

  const stepErrors = Object.values(errors).filter(Boolean);

  return (
    <div className="grid max-w-3xl gap-4">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="گام‌های احراز هویت">
        {STEPS.map((label, i) => (
          <li key={label}>
            <button
              type="button"
              onClick={() => setStep(i)}
              aria-current={i === step ? 'step' : undefined}
              className={`flex min-h-11 w-full items-center gap-2 rounded-xl border px-3 text-start text-sm ${
                i === step
                  ? 'border-brand-600 bg-brand-50 font-bold text-brand-800'
                  : 'border-gray-200 bg-white text-gray-700'
              }`}
            >
              <span
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                  i === step ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-700'
                }`}
              >
                {formatNumber(i + 1)}
              </span>
              {label}
            </button>
          </li>
        ))}
      </ol>

      <Card className="p-5">
        {step === 0 && (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              save(false, 1);
            }}
          >
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-gray-900">نوع حساب</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['individual', 'legal'] as const).map((type) => (
                  <label
                    key={type}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
                      form.data.type === type ? 'border-brand-600 bg-brand-50' : 'border-gray-200'
                    }`}
                  >
                    <input type="radio" {...radio('type', type)} className="size-4 accent-brand-600" />
                    {TYPE_LABELS[type]}
                  </label>
                ))}
              </div>
            </fieldset>
            {legal && (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="نام شرکت"
                  maxLength={150}
                  {...field('company_name')}
                  className="sm:col-span-2"
                />
                <TextField
                  label="شناسهٔ ملی شرکت"
                  ltr
                  digits
                  maxLength={11}
                  {...field('company_national_id')}
                />
                <TextField
                  label="شمارهٔ ثبت"
                  ltr
                  digits
                  maxLength={10}
                  {...field('company_registration_no')}
                />
                <p className="text-sm leading-7 text-gray-600 sm:col-span-2">
                  مشخصات زیر برای مدیرعامل یا صاحب امضای مجاز شرکت است.
                </p>
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="نام" autoComplete="given-name" maxLength={50} {...field('first_name')} />
              <TextField
                label="نام خانوادگی"
                autoComplete="family-name"
                maxLength={50}
                {...field('last_name')}
              />
              <TextField
                label="کد ملی"
                ltr
                digits
                maxLength={12}
                hint="۱۰ رقم، همان که روی کارت ملی آمده است."
                {...field('national_code')}
              />
              <JalaliDatePicker
                label="تاریخ تولد"
                value={form.data.birth_date || null}
                onChange={(day) => form.setData('birth_date', day ?? '')}
                max={latest_birth_date}
                min="1900-01-01"
                yearSelect
                error={errors.birth_date}
              />
            </div>
            <Button type="submit" disabled={form.processing} className="justify-self-start">
              ذخیره و ادامه
            </Button>
          </form>
        )}

        {step === 1 && <MobileStep {...props} proven={mobileProven} onDone={() => setStep(2)} />}

        {step === 2 && (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              save(false, 3);
            }}
          >
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm leading-7 text-amber-950">
              {request?.selfie_text ? (
                <>
                  روی یک کاغذ این متن را بنویسید و در عکس سلفی، آن را همراه کارت ملی در دست بگیرید:
                  <strong className="mt-1 block text-base">{request.selfie_text}</strong>
                </>
              ) : (
                'متن دست‌نوشتهٔ سلفی پس از ذخیرهٔ مشخصات (گام ۱) اینجا می‌آید و جای بارگذاری عکس سلفی هم همان زمان باز می‌شود.'
              )}
            </div>
            <p className="text-sm text-gray-600">
              هر فایل حداکثر {toPersianDigits(String(Math.round(max_bytes / 1024 / 1024)))} مگابایت؛ JPEG،
              PNG، WebP یا PDF.
            </p>
            <FormAlert>{errors.documents}</FormAlert>
            <div className="grid gap-4 sm:grid-cols-2">
              {/* The selfie waits for the request's own words, which its first save makes. */}
              {kinds
                .filter((kind) => kind !== 'selfie' || request?.selfie_text)
                .map((kind) => (
                  <div key={kind}>
                    <FileDrop
                      label={labels[kind]}
                      name={kind}
                      accept={DOCUMENT_ACCEPT}
                      hint={HINTS[kind]}
                      file={form.data[kind]}
                      onFile={(file) => choose(kind, file)}
                      progress={
                        form.processing && form.data[kind] ? (form.progress?.percentage ?? null) : null
                      }
                      error={errors[kind]}
                    />
                    {uploaded.has(kind) && !form.data[kind] && (
                      <p className="mt-1 flex items-center gap-1 text-xs text-green-700">
                        <CircleCheck aria-hidden="true" className="size-4" />
                        بارگذاری شده؛ برای جایگزینی، فایل تازه‌ای انتخاب کنید.
                      </p>
                    )}
                  </div>
                ))}
            </div>
            <Button type="submit" disabled={form.processing} className="justify-self-start">
              ذخیرهٔ مدارک و ادامه
            </Button>
          </form>
        )}

        {step === 3 && (
          <div className="grid gap-4">
            <FormAlert>
              {stepErrors.length > 0 && (
                <ul className="grid gap-1">
                  {stepErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </FormAlert>
            <FactList
              facts={requestFacts({
                ...(request ?? {
                  uuid: '',
                  selfie_text: '',
                  status: 'draft',
                  reason: null,
                  submitted_at: null,
                  reviewed_at: null,
                  mobile: null,
                  mobile_verified: false,
                }),
                type: form.data.type,
                first_name: form.data.first_name || null,
                last_name: form.data.last_name || null,
                national_code: form.data.national_code || null,
                birth_date: form.data.birth_date || null,
                company_name: form.data.company_name || null,
                company_national_id: form.data.company_national_id || null,
                company_registration_no: form.data.company_registration_no || null,
              })}
            />
            <ul className="grid gap-1 text-sm">
              <li className={mobileProven ? 'text-green-700' : 'text-red-700'}>
                {mobileProven
                  ? 'موبایل با کد پیامکی تأیید شده است.'
                  : 'موبایل هنوز با کد پیامکی تأیید نشده است (گام ۲).'}
              </li>
              {kinds.map((kind) => (
                <li key={kind} className={missing.includes(kind) ? 'text-red-700' : 'text-green-700'}>
                  {labels[kind]}: {missing.includes(kind) ? 'فرستاده نشده (گام ۳)' : 'آماده'}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => save(true)} disabled={form.processing}>
                <Send aria-hidden="true" className="size-4" />
                ارسال برای بررسی
              </Button>
              {request?.status === 'draft' && (
                <Button type="button" variant="ghost" onClick={() => setWithdrawing(true)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  پاک کردن پیش‌نویس
                </Button>
              )}
            </div>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={withdrawing}
        title="پاک کردن پیش‌نویس"
        confirmLabel="پاک کردن"
        danger
        onCancel={() => setWithdrawing(false)}
        onConfirm={() =>
          router.delete(route('panel.account.verify.destroy'), {
            onFinish: () => {
              setWithdrawing(false);
              setStep(0);
            },
          })
        }
      >
        مشخصات و مدارک این پیش‌نویس پاک می‌شود.
      </ConfirmDialog>
    </div>
  );
}

/** Step 2: the account's mobile answers an SMS code (a new number needs the password first). */
function MobileStep({
  account,
  mobile_code,
  proven,
  onDone,
}: PanelAccountVerifyProps & { proven: boolean; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      {proven && (
        <p className="flex items-center gap-2 text-sm font-medium text-green-800">
          <CircleCheck aria-hidden="true" className="size-5" />
          مالکیت شمارهٔ <span dir="ltr">{toPersianDigits(account.mobile ?? '')}</span> تأیید شده است.
        </p>
      )}
      <MobileCodeForms
        initialMobile={account.mobile ?? ''}
        pending={mobile_code?.mobile ?? null}
        mobileLabel="شمارهٔ موبایل (به نام خودتان)"
        codeLabel="کد شش‌رقمی پیامک‌شده"
        sendLabel="ارسال کد تأیید"
        onVerified={onDone}
      />
      {proven && (
        <Button type="button" className="justify-self-start" onClick={onDone}>
          ادامه
        </Button>
      )}
    </div>
  );
}
