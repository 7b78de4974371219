import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';

/** A name that links to its page when the viewer may open it, and plain text otherwise. */
export function MaybeLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <Link href={href} className="hover:text-brand-700 hover:underline">
      {children}
    </Link>
  );
}
