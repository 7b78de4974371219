import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What an empty list shows: what is missing and what to do next (docs/ui.md, "Look"). */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className = '',
}: {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center ${className}`}
    >
      {Icon && (
        <span className="mb-3 grid size-12 place-items-center rounded-full bg-gray-100 text-gray-500">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <p className="font-semibold text-gray-900">{title}</p>
      {description && <p className="mt-1 max-w-md text-sm text-gray-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
