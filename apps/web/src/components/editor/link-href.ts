/**
 * A link's address as typed in the link dialog: a site path, a full address, mail or phone;
 * `www.x.ir` gets https. Anything with another scheme is refused (null); the server checks again.
 */
export function normaliseHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  // `//host` and `/\host` are other sites to a browser, not paths here.
  if (/^\/[/\\]/.test(href)) return null;
  if (href.startsWith('/') || href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return href;
  // Anything else with a scheme (javascript:, data:) is not a link we make.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  return `https://${href}`;
}
