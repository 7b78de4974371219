import type { HTMLAttributes } from 'react';

/** A white surface with a hairline border: the unit of content on every page. */
export function Card({
  as: Element = 'div',
  className = '',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' }) {
  return (
    <Element
      className={`relative rounded-2xl border border-gray-200 bg-white shadow-xs ${className}`}
      {...props}
    />
  );
}
