import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from '../../app/protocol';

/** Whether a URL from content (menus, footer links) leaves this site. */
export function isExternalUrl(url: string, origin: string = globalThis.location?.origin ?? ''): boolean {
  if (!/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//')) return false;
  try {
    return new URL(url, origin || undefined).origin !== origin;
  } catch {
    return true;
  }
}

/**
 * A link whose target an admin chose (menus, footer, social links). Pages of this site are page
 * visits; anything else (Instagram, tel:, mailto:) is a plain anchor, because the page client can
 * only visit its own server. Off-site web pages open in a new tab.
 */
export interface SiteLinkProps {
  href: string;
  className?: string;
  children?: ReactNode;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** Prefetch on hover (pages of this site only). */
  prefetch?: boolean;
}

export function SiteLink({ href, prefetch, ...props }: SiteLinkProps) {
  if (!isExternalUrl(href)) return <Link href={href} prefetch={prefetch} {...props} />;
  const web = /^(https?:)?\/\//i.test(href);
  return <a href={href} {...(web && { target: '_blank', rel: 'noopener noreferrer' })} {...props} />;
}
