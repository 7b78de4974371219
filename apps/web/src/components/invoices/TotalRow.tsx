import { Price } from '../ui/Price';

/** One line of a money summary: its label, and the amount (a dash while there is none). */
export function TotalRow({
  label,
  rial,
  strong = false,
}: {
  label: string;
  rial: number | null;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'font-bold text-gray-900' : 'text-gray-700'}`}
    >
      <span className="text-sm">{label}</span>
      {rial === null ? <span className="text-gray-400">—</span> : <Price rial={rial} />}
    </div>
  );
}
