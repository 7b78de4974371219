import type { DepartmentQueue } from '@server/modules/dashboard/contracts';
import { Inbox } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatNumber } from '../../../lib/digits';

const COLUMNS: { key: keyof Omit<DepartmentQueue, 'department'>; label: string }[] = [
  { key: 'waiting', label: 'در انتظار پاسخ' },
  { key: 'unassigned', label: 'بی‌مسئول' },
  { key: 'mine', label: 'سپرده به من' },
  { key: 'late', label: 'دیرکرد' },
];

/** The ticket queue split by department: where the waiting work is, and which desk is behind. */
export function QueueTable({ rows }: { rows: DepartmentQueue[] }) {
  const waiting = rows.filter((row) => row.waiting > 0);
  if (waiting.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="تیکتی منتظر پاسخ نیست"
        description="همه تیکت‌ها پاسخ گرفته‌اند. تیکت تازه که برسد، همین‌جا شمرده می‌شود."
        className="py-8"
      />
    );
  }
  return (
    // Narrow enough for a phone: the headings wrap rather than the table scrolling sideways.
    <div className="-mx-4 sm:-mx-5">
      <table className="w-full text-sm">
        <caption className="sr-only">تیکت‌های در انتظار به تفکیک بخش</caption>
        <thead>
          <tr className="border-b border-gray-200 text-xs text-gray-500">
            <th scope="col" className="px-4 py-2 text-start font-medium sm:px-5">
              بخش
            </th>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-2 py-2 text-center font-medium last:pe-4 sm:px-3 sm:last:pe-5"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {waiting.map((row) => (
            <tr key={row.department}>
              <th
                scope="row"
                className="px-4 py-2.5 text-start font-medium break-words text-gray-900 sm:px-5"
              >
                {row.department}
              </th>
              {COLUMNS.map((column) => (
                <td
                  key={column.key}
                  className={`px-2 py-2.5 text-center tabular-nums last:pe-4 sm:px-3 sm:last:pe-5 ${
                    column.key === 'late' && row.late > 0 ? 'font-bold text-red-700' : 'text-gray-700'
                  }`}
                >
                  {formatNumber(row[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
