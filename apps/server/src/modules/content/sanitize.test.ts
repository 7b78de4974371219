import { describe, expect, it } from 'vitest';
import { createSanitizer } from './sanitize';
import { XSS_VECTORS } from './xss-vectors';

const clean = createSanitizer('https://renderfarm.example');
const ALLOWED = new Set([
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
]);

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/**
 * What a browser would run from this HTML: a tag outside the allowlist, an event or style
 * attribute, or a URL whose scheme (after entities, whitespace and control characters) is not
 * http(s)/mailto/tel or a path. Returns the problems found, none for safe HTML.
 */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<\s*([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    if (!ALLOWED.has(name)) found.push(`tag ${name}`);
    for (const attr of tag[2]!.matchAll(/([^\s"'=<>/]+)\s*(?:=\s*("([^"]*)"|'([^']*)'|[^\s>]+))?/g)) {
      const attrName = attr[1]!.toLowerCase();
      const value = decode(attr[3] ?? attr[4] ?? attr[2] ?? '');
      if (attrName.startsWith('on')) found.push(`event ${attrName}`);
      if (['style', 'class', 'id', 'srcdoc', 'formaction', 'xlink:href'].includes(attrName))
        found.push(`attr ${attrName}`);
      if (['href', 'src'].includes(attrName)) {
        const squashed = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        const safe =
          /^(https?:|mailto:|tel:)/.test(squashed) || (/^[/#?]/.test(squashed) && !/^\/[/\\]/.test(squashed));
        if (!safe) found.push(`url ${attrName}=${value}`);
        if (name === 'img' && !/^(https:|\/)/.test(squashed)) found.push(`img ${value}`);
        if (name === 'iframe' && !/^https:\/\/(www\.)?aparat\.com\//.test(squashed))
          found.push(`iframe ${value}`);
      }
    }
  }
  return found;
}

describe('body sanitiser', () => {
  it('leaves nothing that runs in any OWASP filter-evasion vector', () => {
    for (const vector of XSS_VECTORS) {
      const out = clean(vector);
      expect(dangers(out), `${vector}\n→ ${out}`).toEqual([]);
      // Sanitising again changes nothing: what is stored is already in its final form.
      expect(clean(out), vector).toBe(out);
    }
  });

  it('the checker itself sees the dangers it looks for', () => {
    expect(dangers('<img src=x onerror=alert(1)>')).toEqual(expect.arrayContaining(['event onerror']));
    expect(dangers('<a href="jav&#x09;ascript:alert(1)">x</a>')).toHaveLength(1);
    expect(dangers('<script>alert(1)</script>')).toEqual(['tag script']);
    expect(dangers('<p style="x">a</p>')).toEqual(['attr style']);
    expect(dangers('<iframe src="https://evil.example/x"></iframe>')).toHaveLength(1);
  });

  it('keeps Persian text, headings, lists, tables, links and images from this site or https', () => {
    const html =
      '<h2>عنوان</h2><p>متن <strong>پررنگ</strong> و <a href="/blog">پیوند داخلی</a>.</p><ul><li>یک</li></ul><table><tbody><tr><td colspan="2">خانه</td></tr></tbody></table><img src="/uploads/content/a.png" alt="تصویر"><img src="https://cdn.example/b.jpg" alt="">';
    expect(clean(html)).toBe(
      '<h2>عنوان</h2><p>متن <strong>پررنگ</strong> و <a href="/blog">پیوند داخلی</a>.</p><ul><li>یک</li></ul><table><tbody><tr><td colspan="2">خانه</td></tr></tbody></table><img src="/uploads/content/a.png" alt="تصویر" loading="lazy" /><img src="https://cdn.example/b.jpg" alt="" loading="lazy" />',
    );
  });

  it('external links get rel="noopener nofollow" and a new tab; ours do not', () => {
    expect(clean('<a href="https://blender.org" rel="opener" target="_self">بلندر</a>')).toBe(
      '<a href="https://blender.org" rel="noopener nofollow" target="_blank">بلندر</a>',
    );
    expect(clean('<a href="https://renderfarm.example/prices" target="_blank">تعرفه</a>')).toBe(
      '<a href="https://renderfarm.example/prices">تعرفه</a>',
    );
  });

  it('embeds only aparat.com over https', () => {
    const aparat =
      '<iframe src="https://www.aparat.com/video/video/embed/videohash/abc/vt/frame" allowfullscreen="true"></iframe>';
    expect(clean(aparat)).toContain('src="https://www.aparat.com/video/video/embed/videohash/abc/vt/frame"');
    expect(clean('<iframe src="https://youtube.com/embed/x"></iframe>')).toBe('');
    expect(clean('<iframe src="http://www.aparat.com/x"></iframe>')).toBe('');
  });

  it('drops images that are not https or ours', () => {
    expect(clean('<p>a<img src="http://x.example/a.png">b</p>')).toBe('<p>ab</p>');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean('<img src="//evil.example/a.png">')).toBe('');
  });
});
