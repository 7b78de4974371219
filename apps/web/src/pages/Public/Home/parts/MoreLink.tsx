import { Link } from '../../../../app/protocol';
import { ChevronForward } from '../../../../components/ui/DirectionalIcon';

/** «همه …» beside a section title. */
export function MoreLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      {children}
      <ChevronForward className="size-4" />
    </Link>
  );
}
