import type { ReactNode } from 'react';
import { Card } from './Card';

/**
 * One settings block on the profile page: what it is for on the start side (above on phones),
 * the form in a card beside it.
 */
export function FormSection({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 md:grid-cols-3 md:gap-6">
      <div>
        <h2
          id={headingId}
          className={`text-lg font-bold ${tone === 'danger' ? 'text-red-700' : 'text-gray-900'}`}
        >
          {title}
        </h2>
        {description && <p className="mt-1 text-sm leading-7 text-gray-600">{description}</p>}
      </div>
      <Card className="p-4 sm:p-6 md:col-span-2">{children}</Card>
    </section>
  );
}
