import type { ReactNode } from 'react';

/**
 * A Latin fragment inside Persian text (e-mail, IP and port, hostname, code, token). Without its
 * own direction, the bidi algorithm moves the dots, colons and @ around and the value reads
 * scrambled. `bdi`-like isolation keeps the surrounding sentence intact.
 */
export function Ltr({
  children,
  mono = true,
  className = '',
}: {
  children: ReactNode;
  mono?: boolean;
  className?: string;
}) {
  return (
    <span
      dir="ltr"
      className={`[unicode-bidi:isolate] ${mono ? 'font-mono text-[0.92em]' : ''} ${className}`}
    >
      {children}
    </span>
  );
}
