import type { ReactNode } from 'react';
import { HeadContext } from './context';
import { Fragment, h, useContext, useEffect } from './react';

/** PROTOCOL.md: the title a page shows when it sets none. */
export const DEFAULT_TITLE = 'رندر فارم ابری';

export interface HeadProps {
  title?: string;
  /** `<meta>`, `<link>` and similar elements: React 19 hoists them into document.head. */
  children?: ReactNode;
}

/**
 * Sets the document title through createApp's `title` template and renders head elements.
 * When the page goes away the title returns to «رندر فارم ابری».
 */
export function Head({ title, children }: HeadProps) {
  const template = useContext(HeadContext);
  useEffect(() => {
    document.title = title ? template(title) : DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title, template]);
  return h(Fragment, null, children);
}
