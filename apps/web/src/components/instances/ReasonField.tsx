import { TextField } from '../ui/TextField';

/**
 * The reason staff give for acting on a customer's machine (power, suspend, move, delete, a bulk
 * stop): kept in the machine's history, which its owner reads too; the server asks for 3–500
 * characters.
 */
export function ReasonField({
  value,
  onChange,
  error,
  many = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Several machines at once: the reason goes into each one's history. */
  many?: boolean;
}) {
  return (
    <TextField
      label={`دلیل (در تاریخچهٔ ${many ? 'هر ' : ''}سرور می‌ماند و مشتری هم می‌بیند)`}
      maxLength={500}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
