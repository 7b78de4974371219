import { InitialPageError } from './errors';
import { asPage } from './page';
import type { Page } from './types';

// The messages say only which of two cases it is (bytes every browser downloads): the JSON
// itself, in the document, shows what is wrong with it.

/**
 * The page the server embedded in the HTML shell: `<script data-page="<id>" type="application/json">`
 * first (the v3 form, safe against `</script>` because every `/` is escaped), then the v2 form,
 * a `data-page` attribute on the `#<id>` element.
 */
export function readInitialPage(id = 'app'): Page {
  const json =
    document.querySelector(`script[data-page="${id}"][type="application/json"]`)?.textContent ??
    document.getElementById(id)?.dataset.page;
  let page: Page | undefined;
  try {
    page = asPage(JSON.parse(json!));
  } catch {}
  if (!page) throw new InitialPageError(json ? 'not a page object' : 'none in the document');
  return page;
}
