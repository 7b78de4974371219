import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './Button';

/**
 * A file the server writes (a CSV export, a PDF): a plain link with `download`, styled as a
 * secondary button, so the browser saves it instead of the page client visiting it.
 */
export function DownloadLink({ href, children = 'دریافت CSV' }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} className={buttonClasses('secondary', 'md')} download>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
