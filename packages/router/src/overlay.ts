/**
 * Shows a response that is not a page object (an HTML error page, JSON, text) over the app, in a
 * sandboxed iframe so its scripts cannot reach our document. The page stays underneath; a click on
 * the backdrop or Escape closes the overlay and gives scrolling back to the page.
 */
export function showOverlay(html: string): HTMLElement {
  document.getElementById('rf-overlay')?.click();
  const overlay = document.createElement('div');
  const iframe = document.createElement('iframe');
  const { style } = document.body;
  const overflow = style.overflow;
  const close = () => {
    overlay.remove();
    style.overflow = overflow;
    document.removeEventListener('keydown', onKey);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  overlay.id = 'rf-overlay';
  overlay.style.cssText = 'position:fixed;inset:0;z-index:200000;padding:50px;background:rgba(0,0,0,.6)';
  overlay.onclick = (event) => {
    if (event.target === overlay) close();
  };
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = 'width:100%;height:100%;border:0;background:#fff';
  // Links inside the error page should navigate the tab, not the iframe.
  iframe.srcdoc = `<base target="_top">${html}`;
  overlay.append(iframe);
  document.addEventListener('keydown', onKey);
  document.body.prepend(overlay);
  style.overflow = 'hidden';
  return overlay;
}

/** An HTML body as is; anything else (JSON, text) as text in a `<pre>`, under a one-line note. */
export function describeBody(body: string, contentType: string, note: string): string {
  if (contentType.includes('html')) return body;
  // textContent escapes the text; outerHTML gives it back as markup.
  const pre = document.createElement('pre');
  pre.textContent = `${note}\n\n${body}`;
  return pre.outerHTML;
}
