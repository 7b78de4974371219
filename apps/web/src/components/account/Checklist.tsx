import { CircleCheck, CircleDashed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';
import { ForwardArrow } from '../ui/DirectionalIcon';

export interface ChecklistItem {
  key: string;
  label: string;
  description?: ReactNode;
  done: boolean;
  /** Where to go to do it; none when it is done or cannot be done from here. */
  href?: string | null;
  action?: string;
}

/** A list of steps, each done or with a link to do it; the state is in words, not only the icon. */
export function Checklist({ items, label }: { items: ChecklistItem[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-100">
      {items.map((item) => (
        <li key={item.key} className="flex items-start gap-3 py-3">
          {item.done ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
          ) : (
            <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-400" />
          )}
          <div className="min-w-0 flex-1">
            <p className={`text-sm font-medium ${item.done ? 'text-gray-600' : 'text-gray-900'}`}>
              {item.label}
              <span className="sr-only">{item.done ? ' (انجام شده)' : ' (انجام نشده)'}</span>
            </p>
            {item.description && <p className="mt-0.5 text-xs leading-6 text-gray-500">{item.description}</p>}
          </div>
          {!item.done && item.href && (
            <Link
              href={item.href}
              className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              {item.action ?? 'انجام بده'}
              <ForwardArrow className="size-4" />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
