/**
 * Gives the h2/h3 headings of a stored (sanitised) body stable ids and lists them, for a docs
 * article's table of contents. An id the editor set is replaced: ours are `h-1`, `h-2`… in order.
 */
export function withHeadingIds(html: string): {
  html: string;
  toc: { id: string; text: string; level: 2 | 3 }[];
} {
  const toc: { id: string; text: string; level: 2 | 3 }[] = [];
  const out = html.replace(
    /<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi,
    (_m, level: string, attrs: string | undefined, inner: string) => {
      const id = `h-${toc.length + 1}`;
      const text = inner
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      toc.push({ id, text, level: Number(level) as 2 | 3 });
      const kept = (attrs ?? '').replace(/\sid\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
      return `<h${level} id="${id}"${kept}>${inner}</h${level}>`;
    },
  );
  return { html: out, toc };
}
