import type { ReactNode } from 'react';

/**
 * The body of a record's page: the record itself on two thirds of the width and, beside it, what
 * goes with it (the customer, the price, the balance) in an `<aside>`, from 1024 px; stacked under
 * it on a phone (or above it, `asideFirst`, where it says what to do first). Each column stacks its
 * cards with the same gap and keeps them at their own height.
 */
export function WithAside({
  aside,
  asideFirst = false,
  wide = false,
  asideAs: Side = 'aside',
  className = '',
  children,
}: {
  aside: ReactNode;
  asideFirst?: boolean;
  /** Side by side only from 1280 px: the main column holds a form that wants the room. */
  wide?: boolean;
  /** A dashboard's second column is more of the page, not an aside: a plain `div`. */
  asideAs?: 'aside' | 'div';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`grid gap-6 ${wide ? 'xl:grid-cols-3' : 'lg:grid-cols-3'} ${className}`}>
      <div className={`grid min-w-0 content-start gap-6 ${wide ? 'xl:col-span-2' : 'lg:col-span-2'}`}>
        {children}
      </div>
      <Side className={`grid min-w-0 content-start gap-6 ${asideFirst ? 'order-first lg:order-none' : ''}`}>
        {aside}
      </Side>
    </div>
  );
}
