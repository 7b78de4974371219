import type { HTMLAttributes } from 'react';

/** Centres content with the page width and side padding every screen shares. */
export function Container({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`} {...props} />;
}
