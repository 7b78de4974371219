import { InitialPageError } from './errors';
import { asPage } from './page';
import type { Page } from './types';

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
  } catch (cause) {
    throw new InitialPageError(json ? 'not valid JSON' : 'none in the document', cause);
  }
  if (!page) throw new InitialPageError('no component or props');
  return page;
}
