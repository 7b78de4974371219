import type { ReactNode } from 'react';

/** The heading block every content page starts with: an optional trail, the title, a lead. */
export function PageIntro({
  title,
  lead,
  eyebrow,
  children,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="max-w-3xl">
      {eyebrow && <div className="mb-3 text-sm text-gray-600">{eyebrow}</div>}
      <h1 className="text-2xl font-extrabold leading-[1.6] text-gray-900 sm:text-3xl sm:leading-[1.5]">
        {title}
      </h1>
      {lead && <p className="mt-3 text-base leading-8 text-gray-600">{lead}</p>}
      {children}
    </header>
  );
}
