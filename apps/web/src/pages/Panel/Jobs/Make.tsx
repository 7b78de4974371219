import { router, useForm, usePoll } from '@renderfarm/react';
import type { PanelJobsMakeProps, RenderJobView, RenderQuote } from '@server/modules/render/contracts';
import { FileSearch, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from '../../../app/protocol';
import { BlenderAddonCard } from '../../../components/render/BlenderAddonCard';
import { SceneFindings } from '../../../components/render/SceneFindings';
import { FORMAT_LABELS, PRIORITY_LABELS, secondsText } from '../../../components/render/words';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { bindField, formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { FailureNote } from '../../../components/ui/FailureNote';
import { FieldError } from '../../../components/ui/FieldError';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { SelectField } from '../../../components/ui/SelectField';
import { SummaryCard } from '../../../components/ui/SummaryCard';
import { SummaryRow } from '../../../components/ui/SummaryRow';
import { TextField } from '../../../components/ui/TextField';
import { WithAside } from '../../../components/ui/WithAside';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { formatNumber } from '../../../lib/digits';
import { formatToman } from '../../../lib/money';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';
import { formatSize } from '../../../lib/size';
import { Uploader } from '../Drives/parts/Uploader';

/** What a running check brings again: its findings, the form's first values from them, and their quote. */
const CHECK_PROPS = ['check', 'settings', 'quote', 'quote_errors'];
const KYC_EVENTS = ['KycDecided'];
const KYC_PROPS = ['kyc_status', 'auth'];
/** While the check runs, the page asks again this often too, in case the live link is down. */
const POLL_MS = 3000;
/** A pause in typing before the estimate is asked for again. */
const QUOTE_DELAY_MS = 400;

const SETTING_FIELDS = ['frames', 'chunk', 'format', 'resolution', 'samples', 'priority'] as const;

type CheckState = 'none' | 'running' | 'done' | 'failed' | 'submitted';

function stateOf(check: RenderJobView | null): CheckState {
  if (!check) return 'none';
  if (check.status === 'checking') return check.check ? 'done' : 'running';
  if (check.status === 'failed' && !check.frames) return 'failed';
  return 'submitted';
}

/**
 * `panel.jobs.make` «رندر تازه»: pick a `.blend` from one of the customer's drives (or upload one
 * into a drive here), «بررسی صحنه» (a node opens it, reports what it found and times a sample
 * frame; the findings arrive live), then the settings with the estimate and the balance after it,
 * as the server computes them. Nothing is queued or charged before «ثبت رندر».
 */
export default function JobMake(props: PanelJobsMakeProps) {
  const { check, kyc_status } = props;
  const route = useRoute();
  const state = stateOf(check);
  // The check's own channel while there is one (its findings, a failure); else an identity decision.
  useLiveReload(
    check ? ['JobUpdated'] : KYC_EVENTS,
    check ? CHECK_PROPS : KYC_PROPS,
    check ? `render-jobs.${check.uuid}` : undefined,
  );
  const poll = usePoll(POLL_MS, { only: CHECK_PROPS }, { autoStart: false });
  useEffect(() => {
    if (state === 'running') poll.start();
    else poll.stop();
    return poll.stop;
  }, [state, poll]);

  return (
    <Screen
      title="رندر تازه"
      description="یک فایل صحنهٔ Blender را از فضای ذخیره‌سازی خود انتخاب کنید؛ پیش از ثبت، صحنه بررسی و هزینه‌اش برآورد می‌شود."
    >
      {kyc_status !== 'approved' && (
        <FormAlert className="mb-4">
          ثبت رندر پس از تأیید احراز هویت حساب ممکن است؛ بررسی صحنه تا آن زمان هم آزاد است.{' '}
          {route.has('panel.account.verify') && (
            <Link href={route('panel.account.verify')} className="font-bold underline">
              رفتن به احراز هویت
            </Link>
          )}
        </FormAlert>
      )}
      <WithAside
        aside={
          <>
            <PriceCard prices={props.prices} balance={props.balance} />
            <BlenderAddonCard />
          </>
        }
      >
        <ScenePicker {...props} locked={state === 'running'} />
        {check && <CheckCard check={check} state={state} />}
        {check && state === 'done' && <SettingsForm {...props} check={check} />}
      </WithAside>
    </Screen>
  );
}

/** Step 1: the drive and its scene, or a scene uploaded into the drive from here. */
function ScenePicker({ drives, selected, locked }: PanelJobsMakeProps & { locked: boolean }) {
  const route = useRoute();
  const form = useForm({
    drive: selected.drive || drives[0]?.uuid || '',
    path: selected.path,
  });
  const pickErrors = useFormErrors(form);
  const { radio } = formBinders(form);
  const drive = drives.find((d) => d.uuid === form.data.drive);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.jobs.check'), { preserveScroll: true });
  };
  if (drives.length === 0) {
    return (
      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 className="font-bold text-gray-900">۱. فایل صحنه</h2>
        <p className="text-sm leading-7 text-gray-700">
          فایل صحنه از فضای ذخیره‌سازی شما خوانده می‌شود و فریم‌ها هم همان‌جا ذخیره می‌شوند؛ نخست یک فضا بسازید.
        </p>
        {route.has('panel.drives.list') && (
          <ButtonLink href={route('panel.drives.list')} variant="secondary" className="justify-self-start">
            ساخت فضای ذخیره‌سازی
          </ButtonLink>
        )}
      </Card>
    );
  }
  return (
    <Card as="section" className="p-4 sm:p-5">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <h2 className="font-bold text-gray-900">۱. فایل صحنه</h2>
        <SelectField
          label="فضای ذخیره‌سازی"
          name="drive"
          value={form.data.drive}
          onChange={(value) => form.setData((data) => ({ ...data, drive: value, path: '' }))}
          options={drives.map((d) => ({ value: d.uuid, label: d.name }))}
          error={pickErrors.drive}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900">
            صحنه‌های <Ltr>.blend</Ltr> این فضا
          </legend>
          {drive && drive.scenes.length > 0 ? (
            <ul className="grid gap-2">
              {drive.scenes.map((scene) => (
                <li key={scene.path}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input type="radio" {...radio('path', scene.path)} className="size-4 accent-brand-600" />
                    <Ltr className="min-w-0 flex-1 truncate text-sm">{scene.path}</Ltr>
                    <span className="shrink-0 text-xs text-gray-500">{formatSize(scene.size)}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600">
              در این فضا فایل <Ltr>.blend</Ltr> نیست؛ یکی را همین‌جا بارگذاری کنید.
            </p>
          )}
          <FieldError id={undefined} error={pickErrors.path} />
        </fieldset>
        {drive?.can_write && (
          <Uploader
            endpoint={drive.upload_url}
            path=""
            disabled={locked}
            reload={['drives']}
            label="بارگذاری فایل صحنه در این فضا"
            accept=".blend"
            onDone={(name) => form.setData('path', name)}
          />
        )}
        <Button
          type="submit"
          disabled={form.processing || locked || !form.data.path}
          className="justify-self-start"
        >
          <FileSearch aria-hidden="true" className="size-4" />
          بررسی صحنه
        </Button>
      </form>
    </Card>
  );
}

/** Step 2: the check, running (live), done (its findings) or failed (why). */
function CheckCard({ check, state }: { check: RenderJobView; state: CheckState }) {
  const route = useRoute();
  return (
    <Card as="section" className="grid gap-3 p-4 sm:p-5" aria-live="polite">
      <h2 className="font-bold text-gray-900">۲. بررسی صحنه</h2>
      <p className="text-sm text-gray-600">
        {check.scene.drive.name}: <Ltr>{check.scene.path}</Ltr>
      </p>
      {state === 'running' && (
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          یک نود رندر صحنه را باز می‌کند و یک فریم نمونه رندر می‌کند؛ معمولاً کمتر از یک دقیقه. این صفحه خودش
          به‌روز می‌شود.
        </p>
      )}
      {state === 'failed' && (
        <FailureNote>
          {check.failure_reason ?? 'بررسی صحنه ناموفق ماند.'} صحنه را درست کنید و دوباره بررسی کنید.
        </FailureNote>
      )}
      {check.check && <SceneFindings findings={check.check} />}
      {state === 'submitted' && (
        <p className="text-sm text-gray-700">
          این صحنه برای رندر ثبت شده است.{' '}
          <Link
            href={route('panel.jobs.view', { job: check.uuid })}
            className="font-medium text-brand-700 underline"
          >
            دیدن رندر
          </Link>
        </p>
      )}
    </Card>
  );
}

interface SettingsData {
  check: string;
  frames: string;
  chunk: string;
  format: string;
  resolution: string;
  samples: string;
  priority: string;
  idempotency_key: string;
  [key: string]: string;
}

/** Step 3: the settings, the estimate of them and the balance after it; «ثبت رندر» queues it. */
function SettingsForm({
  check,
  settings,
  quote,
  quote_errors,
  prices,
  limits,
  kyc_status,
  selected,
  idempotency_key,
}: PanelJobsMakeProps & { check: RenderJobView }) {
  const route = useRoute();
  const form = useForm<SettingsData>({ check: check.uuid, ...settings, idempotency_key });
  const errors = { ...quote_errors, ...useFormErrors(form) } as Record<string, string | undefined>;
  const { radio } = formBinders(form);
  const bind = (name: keyof SettingsData & string) => bindField(form, errors, name);
  // The query that quotes the form's settings, as one string: the effect runs when it changes.
  const query = JSON.stringify({
    check: check.uuid,
    drive: selected.drive,
    path: selected.path,
    ...Object.fromEntries(SETTING_FIELDS.map((f) => [f, form.data[f] ?? ''])),
  });
  const quoted = useRef(query);

  // The estimate follows the settings: the server quotes them (the same rules as the submission).
  useEffect(() => {
    if (quoted.current === query) return;
    const timer = setTimeout(() => {
      quoted.current = query;
      void router.reload({
        only: ['quote', 'quote_errors'],
        data: JSON.parse(query) as Record<string, string>,
        preserveScroll: true,
        showProgress: false,
      });
    }, QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.jobs.store'), { preserveScroll: true });
  };

  return (
    <Card as="section" className="p-4 sm:p-5">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <h2 className="font-bold text-gray-900">۳. تنظیمات رندر</h2>
        {errors.check && <FormAlert>{errors.check}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="فریم‌ها"
            {...bind('frames')}
            ltr
            digits
            hint={
              <>
                بازه یا فهرست، مانند <Ltr>1-250</Ltr> یا <Ltr>1,5,10-20</Ltr>؛ با گام: <Ltr>1-100x5</Ltr>.
                حداکثر {formatNumber(limits.max_frames)} فریم.
              </>
            }
          />
          <TextField
            label="فریم در هر بخش"
            {...bind('chunk')}
            digits
            inputMode="numeric"
            hint="هر بخش روی یک نود رندر می‌شود؛ بخش‌های بزرگ‌تر زمان آغاز Blender را کمتر تکرار می‌کنند."
          />
          <SelectField
            label="قالب خروجی"
            name="format"
            value={form.data.format}
            onChange={(value) => form.setData('format', value)}
            options={Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value, label }))}
            error={errors.format}
          />
          <TextField
            label="درصد وضوح"
            {...bind('resolution')}
            digits
            inputMode="numeric"
            hint="از ۱ تا ۱۰۰"
          />
          <TextField
            label="نمونه‌ها (samples)"
            {...bind('samples')}
            digits
            inputMode="numeric"
            hint={`خالی برای نمونه‌های خود صحنه${check.check?.samples ? ` (${formatNumber(check.check.samples)})` : ''}`}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-900">اولویت</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['standard', 'express'] as const).map((priority) => (
              <label
                key={priority}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  {...radio('priority', priority)}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span className="grid gap-0.5 text-sm">
                  <span className="font-medium text-gray-900">{PRIORITY_LABELS[priority]}</span>
                  <span className="text-gray-600">
                    هر دقیقهٔ نود {formatToman(prices[priority])}
                    {priority === 'express' && '، پیش از رندرهای عادی'}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={undefined} error={errors.priority} />
        </fieldset>
        <Estimate quote={quote} />
        <Button
          type="submit"
          disabled={form.processing || kyc_status !== 'approved'}
          className="justify-self-start"
        >
          ثبت رندر
        </Button>
      </form>
    </Card>
  );
}

/** The estimate of the settings, its range and the balance after it, as the server quoted them. */
function Estimate({ quote }: { quote: RenderQuote | null }) {
  const route = useRoute();
  if (!quote) {
    return <p className="text-sm text-gray-600">برآورد هزینه پس از درست شدن تنظیمات نمایش داده می‌شود.</p>;
  }
  const short = quote.balance_after < 0;
  return (
    <div className="grid gap-2 rounded-xl bg-gray-50 p-3 text-sm" aria-live="polite">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-gray-700">برآورد هزینه</span>
        <Price rial={quote.estimate} size="lg" />
      </div>
      <p className="text-gray-600">
        بین {formatToman(quote.low)} و {formatToman(quote.high)}؛ {formatNumber(quote.frames)} فریم در{' '}
        {formatNumber(quote.tasks)} بخش، هر فریم حدود {secondsText(quote.frame_seconds)}، هر دقیقهٔ نود{' '}
        {formatToman(quote.price_per_minute)}.
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-t border-gray-200 pt-2">
        <span className="text-gray-700">موجودی پس از این رندر</span>
        <span className={`font-bold tabular-nums ${short ? 'text-red-700' : 'text-gray-900'}`}>
          {formatToman(quote.balance_after)}
        </span>
      </div>
      {short && (
        <p className="text-red-700">
          موجودی کیف پول ({formatToman(quote.balance)}) برای این برآورد کافی نیست.{' '}
          {route.has('panel.payments.make') && (
            <Link href={route('panel.payments.make')} className="font-bold underline">
              افزایش اعتبار
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/** What a node-minute costs at each priority, and the wallet. */
function PriceCard({ prices, balance }: { prices: PanelJobsMakeProps['prices']; balance: number }) {
  return (
    <SummaryCard
      title="هزینهٔ رندر"
      after={
        <p className="text-xs leading-6 text-gray-500">
          هزینه از زمان واقعی کار نودها حساب می‌شود و پس از رندر هر بخش از کیف پول کم می‌شود؛ بررسی صحنه رایگان
          است.
        </p>
      }
    >
      {(['standard', 'express'] as const).map((priority) => (
        <SummaryRow key={priority} label={<>هر دقیقهٔ نود، {PRIORITY_LABELS[priority]}</>} emphasis="none">
          <Price rial={prices[priority]} />
        </SummaryRow>
      ))}
      <SummaryRow label="موجودی کیف پول" className="border-t border-gray-100 pt-2">
        {formatToman(balance)}
      </SummaryRow>
    </SummaryCard>
  );
}
