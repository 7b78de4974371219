import { Cpu } from 'lucide-react';
import { Link, usePage } from '../../app/protocol';
import { SITE_NAME } from '../../app/title';

/** The mark and the site name, linking home. */
export function Logo({ href = '/', compact = false }: { href?: string; compact?: boolean }) {
  const name = usePage().props.settings?.site_name || SITE_NAME;
  return (
    <Link href={href} className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-gray-900">
      <span className="grid size-9 place-items-center rounded-xl bg-brand-600 text-white shadow-sm">
        <Cpu aria-hidden="true" className="size-5" />
      </span>
      <span className={compact ? 'text-base' : 'text-lg'}>{name}</span>
    </Link>
  );
}
