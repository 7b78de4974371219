import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';
import { ChevronForward } from '../ui/DirectionalIcon';

/**
 * «همه سرورها ›»: the way from a home block or a section of the public home to the full list.
 * At least 40 px tall, so a thumb hits it at phone width.
 */
export function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex min-h-10 items-center gap-0.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      {children}
      <ChevronForward className="size-4" />
    </Link>
  );
}
