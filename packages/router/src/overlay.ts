/**
 * Shows a response that is not a page object (an HTML error page, JSON, text) over the app, in a
 * sandboxed iframe so its scripts cannot reach our document. The page stays underneath; a click on
 * the backdrop or Escape closes the overlay and gives scrolling back to the page.
 */
export function showOverlay(content: string): HTMLElement {
  document.getElementById('rf-overlay')?.dispatchEvent(new Event('rf-close'));
  const overlay = document.createElement('div');
  overlay.id = 'rf-overlay';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:200000;padding:50px;box-sizing:border-box;background:rgba(0,0,0,.6)';
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = 'width:100%;height:100%;border:0;border-radius:6px;background:#fff';
  iframe.srcdoc = linksOpenInTop(content);
  overlay.append(iframe);

  const previousOverflow = document.body.style.overflow;
  const close = () => {
    overlay.remove();
    document.body.style.overflow = previousOverflow;
    document.removeEventListener('keydown', onKey);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  overlay.addEventListener('click', (event) => {
    if (event.target === overlay) close();
  });
  overlay.addEventListener('rf-close', close);
  document.addEventListener('keydown', onKey);

  document.body.prepend(overlay);
  document.body.style.overflow = 'hidden';
  iframe.focus();
  return overlay;
}

/** Links inside the error page would otherwise navigate the iframe only. */
function linksOpenInTop(html: string): string {
  if (/<base\s/i.test(html)) return html;
  const head = html.match(/<head[^>]*>/i);
  return head ? html.replace(head[0], `${head[0]}<base target="_top">`) : `<base target="_top">${html}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Wraps plain text or JSON (not a page object) into a readable document for the overlay. */
export function describeBody(body: string, contentType: string, note: string): string {
  const looksHtml = contentType.includes('html') || /^\s*</.test(body);
  if (looksHtml) return body;
  let text = body;
  if (contentType.includes('json')) {
    try {
      text = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // Not JSON after all: show it as received.
    }
  }
  return `<!doctype html><meta charset="utf-8"><body style="font:14px system-ui;margin:24px"><p>${escapeHtml(note)}</p><pre style="white-space:pre-wrap">${escapeHtml(text)}</pre></body>`;
}
