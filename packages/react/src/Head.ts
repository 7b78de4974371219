import type { ReactNode } from 'react';
import { useEffect } from './react';

export const identity = (title: string) => title;
let template = identity;

/** The title template given to createApp (`title`); there is one app per document. */
export function setTitleTemplate(callback: (title: string) => string): void {
  template = callback;
}

/** docs/protocol.md: the title a page shows when it sets none. */
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
  // Worked out while rendering, so a server render (which runs no effects) sees it too.
  const text = title ? template(title) : DEFAULT_TITLE;
  useEffect(() => {
    document.title = text;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [text]);
  return children;
}
