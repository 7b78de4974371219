/** The first-load HTML document around a page object. */

export const DEFAULT_TITLE = 'رندر فارم ابری';

/**
 * Which initial-page carrier(s) the document has:
 * - `script`: `<script data-page="app" type="application/json">` (Inertia v3, our client).
 * - `attribute`: `<div id="app" data-page="…">` (Inertia v1/v2 default).
 * - `both` (default): both, so any client version boots without configuration. The second copy
 *   costs little on the wire: it sits within gzip/brotli's window of the first.
 */
export type InitialPageFormat = 'script' | 'attribute' | 'both';

export interface DocumentParts {
  page: unknown;
  csrfToken: string;
  assetTags: string;
  title: string;
  head?: string;
  format: InitialPageFormat;
  rootId: string;
  /** The page rendered on the server: its HTML goes into the root, its head elements into `<head>`. */
  rendered?: { head: string[]; body: string } | null;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '/': '\\/',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe inside `<script>`: no `<`, `>` or `&` is left (JSON escapes them, `<` as `\u003c`), so
 * neither `</script>` nor `<!--<script>` can occur: the latter, in a ticket subject, put the parser
 * in the script's "double escaped" state, where the real `</script>` no longer closed the element
 * and the rest of the page vanished into it. Slashes and U+2028/2029 are escaped as before.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&/\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);

export function renderDocument(parts: DocumentParts): string {
  const json = JSON.stringify(parts.page);
  const script =
    parts.format === 'attribute'
      ? ''
      : `<script data-page="${escapeHtml(parts.rootId)}" type="application/json">${scriptJson(parts.page)}</script>\n`;
  const dataPage = parts.format === 'script' ? '' : ` data-page="${escapeHtml(json)}"`;
  const { rendered } = parts;
  // A title the page set (<Head title>) replaces the default one: a document has one title.
  const title = rendered?.head.some((element) => element.startsWith('<title'))
    ? ''
    : `<title>${escapeHtml(parts.title)}</title>\n`;
  const serverHead = rendered?.head.length ? `${rendered.head.join('\n')}\n` : '';
  // The client hydrates a root marked this way instead of rendering it afresh. `inert` until then
  // (createApp lifts it as it hydrates): a form filled in or sent before React listens would lose
  // what was typed, or go out as a plain GET with the password in the URL. Shown, not yet usable.
  const root = rendered
    ? `<div id="${escapeHtml(parts.rootId)}"${dataPage} data-server-rendered="true" inert>${rendered.body}</div>`
    : `<div id="${escapeHtml(parts.rootId)}"${dataPage}></div>`;
  return `<!DOCTYPE html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${escapeHtml(parts.csrfToken)}">
${title}${serverHead}${parts.head ?? ''}${parts.assetTags}
</head>
<body>
${script}${root}
</body>
</html>
`;
}
