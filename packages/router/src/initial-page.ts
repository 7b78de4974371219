import { InitialPageError } from './errors';
import type { Page } from './types';

/**
 * The page the server embedded in the HTML shell: `<script data-page="<id>" type="application/json">`
 * first (the v3 form, safe against `</script>` because every `/` is escaped), then the v2 form,
 * a `data-page` attribute on the `#<id>` element.
 */
export function readInitialPage(id = 'app'): Page {
  const script = document.querySelector(`script[data-page="${id}"][type="application/json"]`);
  const element = document.getElementById(id);
  const json = script?.textContent ?? element?.dataset.page;
  if (!json)
    throw new InitialPageError(`no <script data-page="${id}"> element and no data-page attribute on #${id}`);
  let page: unknown;
  try {
    page = JSON.parse(json);
  } catch (cause) {
    throw new InitialPageError('the embedded page is not valid JSON', cause);
  }
  const candidate = page as Page;
  if (
    !candidate ||
    typeof candidate.component !== 'string' ||
    !candidate.component ||
    typeof candidate.props !== 'object' ||
    !candidate.props
  )
    throw new InitialPageError('the embedded page has no "component" or no "props"');
  candidate.props.errors ??= {};
  candidate.version ??= null;
  return candidate;
}
