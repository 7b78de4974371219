/**
 * A small, strict XML 1.0 reader for tests: it throws on anything not well-formed (unclosed or
 * crossed tags, a bare `&` or `<` in text, an unknown entity, a duplicate attribute, text after
 * the root) and returns the element tree. Enough to prove that the sitemap and the RSS feed are
 * well-formed without a dependency; DTDs, CDATA and processing instructions past the declaration
 * are refused because our documents have none.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function decode(raw: string, where: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '<') throw new Error(`bare < in ${where}`);
    if (c === '&') {
      const m = ENTITY.exec(raw.slice(i));
      if (!m) throw new Error(`bad entity in ${where}: ${raw.slice(i, i + 10)}`);
      const e = m[0];
      out +=
        { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" }[e] ??
        String.fromCodePoint(e[2] === 'x' ? Number.parseInt(e.slice(3, -1), 16) : Number(e.slice(2, -1)));
      i += e.length - 1;
    } else out += c;
  }
  return out;
}

export function parseXml(source: string): XmlElement {
  let s = source;
  const decl = /^<\?xml\s+version="1\.0"(\s+encoding="UTF-8")?\s*\?>\s*/.exec(s);
  if (!decl) throw new Error('missing <?xml version="1.0"?> declaration');
  s = s.slice(decl[0].length);
  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (pos < s.length) {
    const lt = s.indexOf('<', pos);
    const chunk = lt === -1 ? s.slice(pos) : s.slice(pos, lt);
    if (chunk) {
      if (stack.length === 0) {
        if (chunk.trim()) throw new Error('text outside the root element');
      } else stack[stack.length - 1]!.text += decode(chunk, stack[stack.length - 1]!.name);
    }
    if (lt === -1) break;
    const gt = s.indexOf('>', lt);
    if (gt === -1) throw new Error('unterminated tag');
    const tag = s.slice(lt + 1, gt);
    pos = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      if (stack.length === 0) root = open;
      continue;
    }
    if (tag.startsWith('!') || tag.startsWith('?'))
      throw new Error(`unsupported markup <${tag.slice(0, 10)}`);
    if (root) throw new Error('a second root element');
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = NAME.exec(body);
    if (!nameMatch) throw new Error(`bad tag name <${body.slice(0, 10)}`);
    const element: XmlElement = { name: nameMatch[0], attributes: {}, children: [], text: '' };
    let rest = body.slice(nameMatch[0].length);
    while (rest.trim()) {
      const m = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(rest);
      if (!m) throw new Error(`bad attribute in <${element.name}>: ${rest.slice(0, 20)}`);
      if (m[1]! in element.attributes) throw new Error(`duplicate attribute ${m[1]}`);
      element.attributes[m[1]!] = decode(m[3] ?? m[4] ?? '', element.name);
      rest = rest.slice(m[0].length);
    }
    stack[stack.length - 1]?.children.push(element);
    if (selfClosing) {
      if (stack.length === 0) root = element;
    } else stack.push(element);
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((c) => c.name === name);

/** The one child named `name` (throws when there is none or several). */
export function child(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return found[0]!;
}
