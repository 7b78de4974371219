import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, renderDocument, scriptJson } from './html';

const parts = {
  page: { component: 'A', props: { s: '</script>"&' } },
  csrfToken: 'tok',
  assetTags: '',
  title: DEFAULT_TITLE,
  rootId: 'app',
};

describe('renderDocument', () => {
  it('default title is رندر فارم ابری', () => {
    expect(DEFAULT_TITLE).toBe('رندر فارم ابری');
  });

  it('script format only', () => {
    const html = renderDocument({ ...parts, format: 'script' });
    expect(html).toContain('<script data-page="app" type="application/json">');
    expect(html).toContain('<div id="app"></div>');
  });

  it('attribute format only, HTML-escaped', () => {
    const html = renderDocument({ ...parts, format: 'attribute' });
    expect(html).not.toContain('data-page="app"');
    expect(html).toContain('<div id="app" data-page="{&quot;component&quot;:&quot;A&quot;');
    expect(html).toContain('&lt;/script&gt;\\&quot;&amp;');
  });

  it('scriptJson leaves no <, > or & in the script: `<!--<script>` in a prop cannot swallow the page', () => {
    const value = { subject: '<!--<script>', more: '-->&amp;<b>', sep: '\u2028\u2029' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
    const html = renderDocument({ ...parts, page: { component: 'A', props: value }, format: 'script' });
    const body = html.slice(html.indexOf('<body>'));
    // The element ends at its own closing tag, and the root div follows it intact.
    expect(body).toMatch(
      /^<body>\n<script data-page="app" type="application\/json">[^<]*<\/script>\n<div id="app"><\/div>/,
    );
  });

  it('scriptJson escapes every slash and line separators', () => {
    expect(scriptJson({ a: '</script>\u2028' })).toBe('{"a":"\\u003c\\/script\\u003e\\u2028"}');
    expect(JSON.parse(scriptJson({ a: 'x/y' }))).toEqual({ a: 'x/y' });
  });
});
