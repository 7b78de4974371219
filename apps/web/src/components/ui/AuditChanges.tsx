import type { AuditChangeView, AuditValue } from '@server/modules/admin/contracts';
import { IsolatedText } from './IsolatedText';
import { Ltr } from './Ltr';

function Value({ value }: { value: AuditValue | null }) {
  if (!value) return <span className="text-gray-400">—</span>;
  return value.ltr ? (
    <Ltr className="break-all">{value.text}</Ltr>
  ) : (
    <IsolatedText text={value.text} className="[overflow-wrap:anywhere]" />
  );
}

/**
 * What an audit entry changed: each field by its Persian label, the value before and after
 * («قبل ← بعد», read right to left), identifiers left to right with Latin digits.
 */
export function AuditChanges({ changes }: { changes: AuditChangeView[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-xs text-gray-600">
      {changes.map((change) => (
        <li key={change.field} className="[overflow-wrap:anywhere]">
          <span className="font-medium text-gray-700">{change.label}:</span>{' '}
          {change.before !== null && (
            <>
              <del className="text-gray-500 decoration-gray-300">
                <Value value={change.before} />
              </del>
              <span aria-hidden="true" className="mx-1 text-gray-400">
                ←
              </span>
              <span className="sr-only">به</span>
            </>
          )}
          {change.after === null ? (
            <span className="text-gray-500">(برداشته شد)</span>
          ) : (
            <Value value={change.after} />
          )}
        </li>
      ))}
    </ul>
  );
}
