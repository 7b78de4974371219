import type { ReactNode } from 'react';

/** A home-page section's title, short lead and optional link to the full list. */
export function SectionHeading({
  id,
  title,
  lead,
  action,
}: {
  id: string;
  title: string;
  lead?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 id={id} className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-2 max-w-2xl text-gray-600">{lead}</p>}
      </div>
      {action}
    </div>
  );
}
