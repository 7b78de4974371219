import type { BillTo, BillToValues } from '@server/modules/billing/invoices/contracts';
import { toPersianDigits } from '../../lib/digits';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';

type Errors = Partial<Record<string, string | undefined>>;

const KINDS: { value: BillToValues['kind']; label: string; hint: string }[] = [
  { value: 'person', label: 'شخص حقیقی', hint: 'به نام خودتان، با کد ملی' },
  { value: 'company', label: 'شخص حقوقی (شرکت)', hint: 'با شناسهٔ ملی و کد اقتصادی' },
];

/**
 * Who the invoice is made out to: a person (name, national code) or a company (name, شناسهٔ ملی,
 * کد اقتصادی), with the address and postal code an official invoice needs. Codes take Persian or
 * Latin digits; the server checks them and answers under each field.
 */
export function BillToFields({
  values,
  errors,
  onChange,
  locked = [],
}: {
  values: BillToValues;
  errors: Errors;
  onChange: <K extends keyof BillToValues>(key: K, value: BillToValues[K]) => void;
  /** Fields that come from the verified identity (Account/Edit after KYC approval): shown, not typed. */
  locked?: Exclude<keyof BillToValues, 'kind'>[];
}) {
  const person = values.kind === 'person';
  const field = (name: Exclude<keyof BillToValues, 'kind'>) => ({
    name,
    value: values[name],
    onChange: (value: string) => onChange(name, value),
    error: errors[name],
    readOnly: locked.includes(name),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-gray-900">صورت‌حساب به نام</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {KINDS.map((kind) => (
            <label
              key={kind.value}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
                values.kind === kind.value ? 'border-brand-600 bg-brand-50' : 'border-gray-200'
              }`}
            >
              <input
                type="radio"
                name="kind"
                value={kind.value}
                checked={values.kind === kind.value}
                onChange={() => onChange('kind', kind.value)}
                className="size-4 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-gray-900">{kind.label}</span>
                <span className="block text-xs text-gray-600">{kind.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={person ? 'نام و نام خانوادگی' : 'نام شرکت'}
        autoComplete={person ? 'name' : 'organization'}
        maxLength={150}
        className="sm:col-span-2"
        {...field('name')}
      />
      {person ? (
        <TextField label="کد ملی" inputMode="numeric" digits ltr maxLength={12} {...field('national_code')} />
      ) : (
        <>
          <TextField
            label="شناسهٔ ملی شرکت"
            inputMode="numeric"
            digits
            ltr
            maxLength={13}
            {...field('company_id')}
          />
          <TextField
            label="کد اقتصادی"
            inputMode="numeric"
            digits
            ltr
            maxLength={14}
            {...field('economic_code')}
          />
        </>
      )}
      <TextField
        label="کد پستی"
        inputMode="numeric"
        digits
        ltr
        maxLength={12}
        autoComplete="postal-code"
        hint="۱۰ رقم، بدون خط تیره"
        {...field('postal_code')}
      />
      <TextAreaField label="نشانی" rows={2} maxLength={300} className="sm:col-span-2" {...field('address')} />
    </div>
  );
}

/** A frozen bill-to, read only: the lines an official invoice prints. */
export function BillToSummary({ billTo }: { billTo: BillTo | null }) {
  if (!billTo) return <p className="text-sm text-gray-600">هنوز خریداری روی این صورت‌حساب ثبت نشده است.</p>;
  const lines: [string, string | undefined][] = [
    ['به نام', billTo.kind === 'company' ? `${billTo.name} (شخص حقوقی)` : billTo.name],
    ['کد ملی', billTo.national_code],
    ['شناسهٔ ملی', billTo.company_id],
    ['کد اقتصادی', billTo.economic_code],
    ['کد پستی', billTo.postal_code],
    ['نشانی', billTo.address],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {lines
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-500">{label}</dt>
            <dd className="text-gray-900">{toPersianDigits(value!)}</dd>
          </div>
        ))}
    </dl>
  );
}
