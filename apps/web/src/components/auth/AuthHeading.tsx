import type { ReactNode } from 'react';

/** The heading of an auth card: what this step is, and one line on what to do. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">{title}</h1>
      {children && <p className="mt-2 text-sm leading-7 text-gray-600">{children}</p>}
    </div>
  );
}
