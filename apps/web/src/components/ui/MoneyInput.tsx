import { normalizeDigits, toPersianDigits } from '../../lib/digits';
import { formatToman } from '../../lib/money';
import { TextField, type TextFieldProps } from './TextField';

const RIAL_PER_TOMAN = 10;
const MINUS = /^[-−–]/;

/**
 * Toman as typed (Persian, Arabic or Latin digits, grouped with «٬» «,» «،» or spaces, and a
 * leading minus where `signed`) → Rial, or null. The same rule as the server's money field
 * (apps/server/src/http/money-field.ts): anything else — `2e5`, `+200000`, `12.5` — is not an amount.
 */
export function parseToman(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  let clean = normalizeDigits(text).trim();
  let sign = 1;
  if (signed && MINUS.test(clean)) {
    sign = -1;
    clean = clean.slice(1).trimStart();
  }
  if (!/^\d+(?:[,٬،\s]\d+)*$/.test(clean)) return null;
  const digits = clean.replace(/[,٬،\s]/g, '');
  if (digits.length > 13) return null;
  return sign * Number(digits) * RIAL_PER_TOMAN;
}

/** Rial → «۱٬۲۵۰٬۰۰۰» (Toman, grouped, Persian digits): what a money input shows for an amount. */
export function formatTomanInput(rial: number | null): string {
  if (rial === null) return '';
  const toman = Math.trunc(rial / RIAL_PER_TOMAN);
  const grouped = String(Math.abs(toman)).replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
  return `${toman < 0 ? '−' : ''}${toPersianDigits(grouped)}`;
}

/**
 * The one input for an amount of money. The person types Toman (the unit every screen shows),
 * the label says so, and the hint reads the amount back as the ledger will show it, so a slip of a
 * zero is seen before sending. The form sends the text as typed; the server's money field turns it
 * into Rial (Rial stays in the database and in every JSON amount).
 */
export function MoneyInput({
  label,
  value,
  onChange,
  signed = false,
  hint,
  ...field
}: Omit<TextFieldProps, 'digits' | 'ltr' | 'inputMode'> & {
  /** A minus is allowed (an adjustment that takes money away). */
  signed?: boolean;
}) {
  const rial = parseToman(value, { signed });
  const echo =
    rial === null || value.trim() === '' ? null : (
      <span className="block font-medium text-gray-700" data-testid="money-echo">
        {rial < 0 ? `کاهش ${formatToman(-rial)}` : signed ? `افزایش ${formatToman(rial)}` : formatToman(rial)}
      </span>
    );
  return (
    <TextField
      {...field}
      label={`${label} (تومان)`}
      value={value}
      inputMode={signed ? 'text' : 'numeric'}
      digits
      ltr
      autoComplete="off"
      onChange={onChange}
      hint={
        echo || hint ? (
          <>
            {echo}
            {hint}
          </>
        ) : undefined
      }
    />
  );
}
