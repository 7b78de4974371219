/** The longest file name kept (in characters); a longer one is shortened before its extension. */
export const FILE_NAME_MAX = 120;

// Control characters (C0, DEL, C1), line and paragraph separators, and the bidi overrides and
// isolates, which make «txt.exe» read as «exe.txt» in a right-to-left line.
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * The name a sender gave a file, fit to show and to offer for download: a bare name (no `/`, `\`
 * or `..`), no control or bidi-override characters, not empty, at most FILE_NAME_MAX characters
 * (shortened before the extension). Persian letters, spaces and ZWNJ are kept. Null when the name
 * cannot be used; the caller refuses the file rather than guess what was meant.
 */
export function cleanFileName(name: string): string | null {
  const normal = name.normalize('NFC').trim();
  if (normal === '' || normal === '.' || normal.includes('..')) return null;
  if (normal.includes('/') || normal.includes('\\') || FORBIDDEN.test(normal)) return null;
  const chars = [...normal];
  if (chars.length <= FILE_NAME_MAX) return normal;
  const dot = normal.lastIndexOf('.');
  const ext = dot > 0 ? [...normal.slice(dot)] : [];
  // An "extension" longer than a few letters is part of the name.
  const keep = ext.length > 0 && ext.length <= 10 ? ext : [];
  return `${chars
    .slice(0, FILE_NAME_MAX - keep.length)
    .join('')
    .trimEnd()}${keep.join('')}`;
}
