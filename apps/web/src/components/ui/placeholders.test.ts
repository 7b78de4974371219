import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No placeholder that looks like data, anywhere in the web app: a grey «۱۰:۰۰» or «09121234567»
 * reads as a value already filled in, and the form sends nothing (or midnight). A placeholder is
 * Persian words for an empty choice («همه»، «هیچ‌کدام») or for what to type; a sample value is
 * allowed only after «مثلاً», which says it is one. Every placeholder in the source is checked:
 * attribute literals, `placeholder:` presets, and the strings inside `placeholder={…}`.
 */
const SRC = join(import.meta.dirname, '../..');
const PERSIAN = /[\u0600-\u06FF]/;
const DATA_LIKE = /[0-9۰-۹A-Za-z/:@]/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function placeholders() {
  const found: { where: string; value: string }[] = [];
  const bare: string[] = [];
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    const where = relative(SRC, file);
    for (const m of text.matchAll(/placeholder(?:=|:\s*)(?:"([^"]*)"|'([^']*)')/g)) {
      found.push({ where, value: m[1] ?? m[2] ?? '' });
    }
    for (const m of text.matchAll(/placeholder=\{([^}]*)\}/g)) {
      // What is compared (`area === 'care'`) is not shown; what the branches give is.
      const expression = m[1]!.trim().replace(/[!=]==?\s*('[^']*'|"[^"]*")/g, '');
      const literals = [...expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)];
      for (const l of literals) found.push({ where, value: l[1] ?? l[2] ?? l[3] ?? '' });
      // Passed on from a prop (the caller's literal is checked where it is written).
      if (literals.length === 0 && expression !== 'placeholder') bare.push(`${where}: ${expression}`);
    }
  }
  return { found, bare };
}

/** Whether a placeholder reads as words, not as a value: sample values only after «مثلاً». */
export function readsAsWords(value: string): boolean {
  if (!PERSIAN.test(value)) return false;
  const before = value.split('مثلاً')[0]!;
  return !DATA_LIKE.test(before);
}

describe('placeholders', () => {
  const { found, bare } = placeholders();

  it('finds the placeholders of the web app', () => {
    expect(found.length).toBeGreaterThan(20);
  });

  it('every placeholder is words, never a value-looking sample', () => {
    const bad = found.filter((p) => !readsAsWords(p.value)).map((p) => `${p.where}: «${p.value}»`);
    expect(bad).toEqual([]);
  });

  it('no placeholder is computed from data (a number or a setting shown grey in the box)', () => {
    expect(bare).toEqual([]);
  });

  it('tells words from data', () => {
    for (const ok of ['همه', 'نام، موبایل یا شناسه', 'مثلاً ریموت دسکتاپ', 'نوع و شناسه، مثلاً user:12']) {
      expect(readsAsWords(ok), ok).toBe(true);
    }
    for (const bad of ['۱۰:۰۰', '09121234567', 'https://', '/old-page', 'user:12', '۱۲۰']) {
      expect(readsAsWords(bad), bad).toBe(false);
    }
  });
});
