import sanitizeHtml from 'sanitize-html';

/**
 * Every HTML body an admin saves (articles, static pages) goes through here before it is written,
 * so the public pages can show it as HTML (docs/decisions/0010-html-sanitising.md). An allowlist:
 * what is not named here is dropped. No scripts, no event attributes, no styles or classes, no
 * `javascript:`/`data:` URLs; images only from this site or https; iframes only from aparat.com
 * (https); links to other sites get `rel="noopener nofollow"` and open in a new tab.
 */

const TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'iframe',
];

/** Hosts a video may be embedded from. */
export const IFRAME_HOSTS = ['www.aparat.com', 'aparat.com'];

// A same-site path (not `//host`, not `/\host`, which browsers read as another host).
const LOCAL_PATH = /^\/(?![/\\])/;

function isExternal(href: string, siteHost: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host !== siteHost;
  } catch {
    return true;
  }
}

/** The sanitiser for one site (its host tells internal links from external ones). */
export function createSanitizer(appUrl: string) {
  const siteHost = new URL(appUrl).host;
  const options: sanitizeHtml.IOptions = {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: IFRAME_HOSTS,
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    // Scripts, styles and the like go with their content.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const next: Record<string, string> = {};
        if (href) next.href = href;
        if (attribs.title) next.title = attribs.title;
        if (isExternal(href, siteHost)) {
          next.rel = 'noopener nofollow';
          next.target = '_blank';
        }
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const next: Record<string, string> = { ...attribs, loading: 'lazy' };
        // Images from this site (uploads) or https only.
        if (!(LOCAL_PATH.test(src) || /^https:\/\//i.test(src))) delete next.src;
        return { tagName, attribs: next };
      },
    },
    // An image that lost its source, or an iframe that lost its (another host), says nothing.
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  };
  return (html: string): string => sanitizeHtml(html, options).trim();
}
