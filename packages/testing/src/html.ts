/** The title an app's shell carries until a page sets its own (docs/protocol.md, Constants). */
export const DEFAULT_SHELL_TITLE = 'رندر فارم ابری';

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '/': '\\/',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const escapeAttribute = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/**
 * The first-load HTML, as the real server writes it: the page JSON in
 * `<script data-page="app" type="application/json">` with every `/` escaped (so `</script>` in a
 * prop cannot close the tag), the empty root, the CSRF meta tag, Persian and right-to-left.
 */
export function shellHtml(page: unknown, { csrfToken, title }: { csrfToken: string; title: string }): string {
  const json = JSON.stringify(page).replace(/[<>&/\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="csrf-token" content="${escapeAttribute(csrfToken)}">
<title>${escapeAttribute(title)}</title>
</head>
<body>
<script data-page="app" type="application/json">${json}</script>
<div id="app"></div>
</body>
</html>`;
}
