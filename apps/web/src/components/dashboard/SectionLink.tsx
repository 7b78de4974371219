import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';
import { ChevronForward } from '../ui/DirectionalIcon';

/** «همه سرورها ›»: the way from a home block to the full list. */
export function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-0.5 font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      {children}
      <ChevronForward className="size-4" />
    </Link>
  );
}
