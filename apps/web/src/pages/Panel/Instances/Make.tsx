import { useForm } from '@renderfarm/react';
import type { InstanceMakeProps, MakeReview, OrderablePlan } from '@server/modules/instances/contracts';
import { Cpu, HardDrive, MapPin, MemoryStick, Monitor } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/protocol';
import { gpuLabel } from '../../../components/catalog/gpu-label';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { FieldError } from '../../../components/ui/FieldError';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Modal } from '../../../components/ui/Modal';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { SummaryRow } from '../../../components/ui/SummaryRow';
import { TextField } from '../../../components/ui/TextField';
import { TruncatedText } from '../../../components/ui/TruncatedText';
import { formatNumber } from '../../../lib/digits';
import { keepModelTogether } from '../../../lib/model-name';
import { formatToman } from '../../../lib/money';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';

const KYC_EVENTS = ['KycDecided'];
const KYC_PROPS = ['hardwares', 'kyc_status', 'auth'];

interface MakeForm {
  hardware: string;
  location: string;
  image: string;
  name: string;
  idempotency_key: string;
  /** Rial per hour the review showed, sent with the confirmed order ('' until then). */
  quoted_price_per_hour: string;
  [key: string]: string;
}

/** Whether the review the server sent is of the order the form holds now (not of an older one). */
const reviews = (review: MakeReview | undefined, data: MakeForm): review is MakeReview =>
  !!review &&
  review.hardware === data.hardware &&
  review.location === data.location &&
  String(review.image) === data.image &&
  review.name === data.name.trim();

/** Where a machine can go now: the first location with a free place for the plan. */
function firstFree(plan: OrderablePlan | undefined, locations: InstanceMakeProps['locations']): string {
  return locations.find((l) => (plan?.free[l.code] ?? 0) > 0)?.code ?? locations[0]?.code ?? '';
}

/**
 * `panel.instances.make` «اجاره سرور جدید»: plan, datacenter, software image and a name, with
 * what an hour costs (VAT included) and how long the balance lasts, as the server computes them.
 * Nothing is charged from this form: «بازبینی سفارش» asks the server for the order as it will be
 * made and charged, shown in a dialog, and only its «تأیید و شروع اجاره» orders (with the reviewed
 * price, which the server holds it to). What stops the account (identity, a limit, the balance) is
 * said above the form with the way out; a plan it blocks cannot be picked.
 */
export default function InstanceMake(props: InstanceMakeProps) {
  const { hardwares: plans, locations, images, selected, balance, kyc_status, limits, name_max } = props;
  const route = useRoute();
  // An identity decision (care approves, an admin revokes) changes what may be ordered: the
  // blockers come again from the server, without a reload.
  useLiveReload(KYC_EVENTS, KYC_PROPS);
  const initialPlan =
    plans.find((p) => p.slug === selected.hardware) ?? plans.find((p) => p.blockers.length === 0) ?? plans[0];
  const form = useForm<MakeForm>({
    hardware: initialPlan?.slug ?? '',
    location: selected.location ?? firstFree(initialPlan, locations),
    image: String(initialPlan?.image_ids[0] ?? ''),
    name: '',
    idempotency_key: props.idempotency_key,
    quoted_price_per_hour: '',
  });
  const { field, radio } = formBinders(form);
  const [reviewing, setReviewing] = useState(false);
  const { errors } = form;
  const plan = plans.find((p) => p.slug === form.data.hardware);
  const planImages = images.filter((i) => plan?.image_ids.includes(i.id));
  const quote = plan?.quote;
  const nameTooLong = form.data.name.trim().length > name_max;
  const review = reviews(props.review, form.data) ? props.review : undefined;
  const free = plan?.free[form.data.location] ?? 0;
  const blockers = plan?.blockers ?? [];
  const full =
    limits.max_instances.allowed !== null && limits.max_instances.used >= limits.max_instances.allowed;

  const choosePlan = (next: OrderablePlan) => {
    form.setData((data) => ({
      ...data,
      hardware: next.slug,
      location: (next.free[data.location] ?? 0) > 0 ? data.location : firstFree(next, locations),
      image: next.image_ids.includes(Number(data.image)) ? data.image : String(next.image_ids[0] ?? ''),
    }));
  };

  // «بازبینی سفارش»: the server checks the order as it would make it and sends it back as `review`.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.instances.review'), {
      preserveScroll: true,
      onSuccess: () => setReviewing(true),
    });
  };

  // «تأیید و شروع اجاره»: the order, held to the price the review showed.
  const confirm = (reviewed: MakeReview) => {
    form.setData('quoted_price_per_hour', String(reviewed.price_per_hour));
    void form.post(route('panel.instances.store'), {
      preserveScroll: true,
      // A refusal (the price changed, the place was taken) is shown beside the form.
      onError: () => setReviewing(false),
    });
  };

  return (
    <Screen
      title="اجاره سرور جدید"
      description="پلن، دیتاسنتر و نرم‌افزارهای سرور را انتخاب کنید؛ سرور چند دقیقه پس از ثبت آماده و روشن می‌شود و هزینه‌اش دقیقه‌ای از کیف پول کم می‌شود."
    >
      {kyc_status !== 'approved' && (
        <FormAlert className="mb-4">
          برای اجارهٔ سرور، نخست باید احراز هویت شما تأیید شده باشد.{' '}
          {route.has('panel.account.verify') && (
            <Link href={route('panel.account.verify')} className="font-bold underline">
              رفتن به احراز هویت
            </Link>
          )}
        </FormAlert>
      )}
      {full && (
        <FormAlert className="mb-4">
          به سقف تعداد سرور حساب خود رسیده‌اید ({formatNumber(limits.max_instances.used)} از{' '}
          {formatNumber(limits.max_instances.allowed ?? 0)})؛ برای سرور تازه، نخست یکی از سرورهای قبلی را حذف
          کنید.
        </FormAlert>
      )}

      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <fieldset className="min-w-0">
            <legend className="mb-3 text-lg font-bold text-gray-900">۱. پلن سخت‌افزاری</legend>
            {plans.length === 0 ? (
              <p className="text-sm text-gray-600">اکنون پلنی برای اجاره نیست؛ کمی بعد دوباره سر بزنید.</p>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                {plans.map((p) => (
                  <PlanChoice
                    key={p.slug}
                    plan={p}
                    checked={p.slug === form.data.hardware}
                    onChoose={() => choosePlan(p)}
                  />
                ))}
              </div>
            )}
            <FieldError id="hardware-error" error={errors.hardware} />
          </fieldset>

          <fieldset className="min-w-0">
            <legend className="mb-3 text-lg font-bold text-gray-900">۲. دیتاسنتر</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {locations.map((l) => {
                const places = plan?.free[l.code] ?? 0;
                return (
                  <label
                    key={l.code}
                    className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border p-3 ${
                      form.data.location === l.code
                        ? 'border-brand-600 bg-white ring-2 ring-brand-600'
                        : 'border-gray-200 bg-white'
                    }`}
                  >
                    <input type="radio" {...radio('location', l.code)} className="size-4 accent-brand-600" />
                    <MapPin aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-gray-900">{l.name}</span>
                      <span className={`block text-xs ${places > 0 ? 'text-green-700' : 'text-amber-700'}`}>
                        {places > 0 ? `${formatNumber(places)} سرور آزاد` : 'فعلاً ظرفیت آزاد ندارد'}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
            <FieldError id="location-error" error={errors.location} />
          </fieldset>

          <fieldset className="min-w-0">
            <legend className="mb-3 text-lg font-bold text-gray-900">۳. نرم‌افزارها (تصویر سیستم‌عامل)</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {planImages.map((image) => (
                <label
                  key={image.id}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                    form.data.image === String(image.id)
                      ? 'border-brand-600 bg-white ring-2 ring-brand-600'
                      : 'border-gray-200 bg-white'
                  }`}
                >
                  <input
                    type="radio"
                    name="image"
                    value={image.id}
                    checked={form.data.image === String(image.id)}
                    onChange={() => form.setData('image', String(image.id))}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-gray-900">{image.name}</span>
                    <span className="block text-xs text-gray-500" dir="ltr" style={{ textAlign: 'right' }}>
                      {image.os}
                    </span>
                    <span className="mt-1 block text-xs leading-6 text-gray-600">
                      {image.software.join('، ')}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="image-error" error={errors.image} />
          </fieldset>

          <fieldset className="min-w-0">
            <legend className="mb-3 text-lg font-bold text-gray-900">۴. نام سرور</legend>
            <TextField
              label="نامی که سرور را با آن می‌شناسید"
              hint="مثلاً «رندر پروژهٔ ویلا»؛ بعداً هم می‌توانید عوضش کنید."
              counter={name_max}
              autoComplete="off"
              {...field('name')}
            />
          </fieldset>
        </div>

        <aside aria-labelledby="order-summary" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <Card className="grid gap-3 p-4 sm:p-5">
            <h2 id="order-summary" className="text-lg font-bold text-gray-900">
              خلاصهٔ سفارش
            </h2>
            {plan && quote ? (
              <dl className="grid gap-2 text-sm">
                <SummaryRow label="پلن" end>
                  {keepModelTogether(plan.title)}
                </SummaryRow>
                <HourlyFacts quote={quote} setupFee={plan.setup_fee} />
              </dl>
            ) : (
              <p className="text-sm text-gray-600">یک پلن انتخاب کنید.</p>
            )}
            {plan && free === 0 && (
              <p className="text-sm leading-7 text-amber-800">
                در این دیتاسنتر فعلاً سرور آزادی از این پلن نیست.
              </p>
            )}
            {blockers.length > 0 && (
              <ul className="grid gap-2 text-sm leading-7 text-red-800">
                {blockers.map((b) => (
                  <li key={b} className="rounded-lg bg-red-50 p-2">
                    {b}
                  </li>
                ))}
              </ul>
            )}
            <FormAlert>{errors.make ?? errors.idempotency_key}</FormAlert>
            <Button
              type="submit"
              size="lg"
              disabled={form.processing || !plan || blockers.length > 0 || nameTooLong}
            >
              {form.processing && !reviewing ? 'در حال بررسی…' : 'بازبینی سفارش'}
            </Button>
            <p className="text-xs leading-6 text-gray-500">
              پیش از شروع هزینه، سفارش و قیمت نهایی را می‌بینید و تأیید می‌کنید.
            </p>
            {route.has('panel.payments.make') && quote && balance < quote.price_per_hour && (
              <Link
                href={route('panel.payments.make')}
                className="text-center text-sm font-medium text-brand-700 underline"
              >
                شارژ کیف پول
              </Link>
            )}
          </Card>
        </aside>
      </form>

      {review && (
        <Modal
          open={reviewing}
          onClose={() => !form.processing && setReviewing(false)}
          title="بازبینی سفارش"
          description="سرور با همین مشخصات و همین قیمت ساخته می‌شود؛ هزینه از لحظهٔ روشن شدن، دقیقه‌ای از کیف پول کم می‌شود."
          footer={
            <>
              <Button variant="secondary" onClick={() => setReviewing(false)} disabled={form.processing}>
                ویرایش سفارش
              </Button>
              <Button onClick={() => confirm(review)} disabled={form.processing} data-autofocus>
                {form.processing ? 'در حال ثبت…' : 'تأیید و شروع اجاره'}
              </Button>
            </>
          }
        >
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="shrink-0 text-gray-600">نام سرور</dt>
              <dd className="min-w-0 font-medium text-gray-900">
                <TruncatedText text={review.name} />
              </dd>
            </div>
            <SummaryRow label="پلن" end>
              {keepModelTogether(review.title)}
            </SummaryRow>
            <SummaryRow label="دیتاسنتر" end>
              {review.location_name}
            </SummaryRow>
            <SummaryRow label="نرم‌افزارها" end>
              {review.image_name}
            </SummaryRow>
            <HourlyFacts quote={review} setupFee={review.setup_fee} />
          </dl>
        </Modal>
      )}
    </Screen>
  );
}

/**
 * The hour and the balance as the server priced them (`HourlyQuote`): the hourly price, its VAT,
 * the two together, the wallet and the whole hours it pays for.
 */
function HourlyFacts({ quote, setupFee }: { quote: OrderablePlan['quote']; setupFee: number }) {
  return (
    <>
      <SummaryRow label="هزینهٔ هر ساعت" emphasis="none">
        <Price rial={quote.price_per_hour} />
      </SummaryRow>
      <SummaryRow label={<>مالیات بر ارزش افزوده ({formatNumber(quote.vat_rate)}٪)</>}>
        {formatToman(quote.vat_per_hour)}
      </SummaryRow>
      <SummaryRow label="هر ساعت با مالیات" emphasis="bold">
        {formatToman(quote.price_per_hour_with_vat)}
      </SummaryRow>
      {setupFee > 0 && <SummaryRow label="هزینهٔ راه‌اندازی (یک‌بار)">{formatToman(setupFee)}</SummaryRow>}
      <SummaryRow label="موجودی کیف پول" className="border-t border-gray-100 pt-2">
        {formatToman(quote.balance)}
      </SummaryRow>
      <SummaryRow label="موجودی شما کافی است برای" emphasis="bold">
        {quote.hours_covered === null
          ? 'بی‌پایان (پلن رایگان)'
          : `${formatNumber(quote.hours_covered)} ساعت کار`}
      </SummaryRow>
    </>
  );
}

/** One plan as a radio card: GPU first (what renderers compare), then the rest and the hourly price. */
function PlanChoice({
  plan,
  checked,
  onChoose,
}: {
  plan: OrderablePlan;
  checked: boolean;
  onChoose: () => void;
}) {
  const blocked = plan.blockers.length > 0;
  return (
    <label
      className={`flex min-w-0 cursor-pointer gap-3 rounded-xl border p-3 sm:p-4 ${
        checked ? 'border-brand-600 bg-white ring-2 ring-brand-600' : 'border-gray-200 bg-white'
      }`}
    >
      <input
        type="radio"
        name="hardware"
        value={plan.slug}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-bold text-gray-900">{keepModelTogether(plan.title)}</span>
        <span className="flex flex-wrap items-center gap-x-1 text-sm text-gray-700">
          <Monitor aria-hidden="true" className="size-4 shrink-0" />
          <bdi dir="ltr">{gpuLabel(plan)}</bdi>
          <span>· {formatNumber(plan.vram_gb)} گیگ حافظهٔ گرافیک</span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
          <span className="inline-flex items-center gap-1">
            <Cpu aria-hidden="true" className="size-3.5" />
            {formatNumber(plan.cpu_cores)} هسته
          </span>
          <span className="inline-flex items-center gap-1">
            <MemoryStick aria-hidden="true" className="size-3.5" />
            {formatNumber(plan.ram_gb)} گیگ رم
          </span>
          <span className="inline-flex items-center gap-1">
            <HardDrive aria-hidden="true" className="size-3.5" />
            {formatNumber(plan.disk_gb)} گیگ دیسک
          </span>
        </span>
        <Price rial={plan.price_per_hour} per="hour" />
        {blocked && <span className="text-xs leading-6 text-red-700">{plan.blockers[0]}</span>}
      </span>
    </label>
  );
}
