import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';

/** An inline link in auth copy («رمز عبور را فراموش کرده‌اید؟»). */
export function TextLink({
  href,
  children,
  className = '',
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={`font-medium text-brand-700 underline-offset-4 hover:underline ${className}`}
    >
      {children}
    </Link>
  );
}
