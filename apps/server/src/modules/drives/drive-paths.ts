/**
 * Names and paths inside a drive. A path is names joined by `/` (`صحنه‌ها/خانه/scene.max`), the
 * root is ''. A name is what Windows, macOS and Linux all accept (a drive is mounted on Windows
 * render machines): no `/`, `\`, `<>:"|?*`, control characters or NUL, not `.`/`..`, no trailing
 * dot or space, not a reserved device name (`CON`, `NUL`, `COM1`…, with or without extension).
 * Persian letters, spaces inside and ZWNJ are kept.
 */
export const MAX_NAME_LENGTH = 120;
export const MAX_PATH_DEPTH = 16;

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const FORBIDDEN = /[/\\<>:"|?*\u0000-\u001f\u007f]/;

/** Why a name is refused, in Persian, or null when it is a good name. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'نام نمی‌تواند خالی باشد.';
  if (name.length > MAX_NAME_LENGTH) return 'نام حداکثر ۱۲۰ نویسه باشد.';
  if (name === '.' || name === '..') return 'نام «.» و «..» پذیرفته نیست.';
  if (FORBIDDEN.test(name)) return 'نام نباید نویسه‌های / \\ < > : " | ? * یا نویسه‌های کنترلی داشته باشد.';
  if (/[. ]$/.test(name) || /^ /.test(name))
    return 'نام نباید با نقطه یا فاصله تمام شود یا با فاصله شروع شود.';
  if (RESERVED.test(name)) return 'این نام در ویندوز رزرو شده است (مثل CON یا NUL)؛ نام دیگری انتخاب کنید.';
  return null;
}

/** The names of a path ('' → []), or null when any of them is refused or it is too deep. */
export function splitPath(path: string): string[] | null {
  if (path === '') return [];
  const names = path.split('/');
  if (names.length > MAX_PATH_DEPTH) return null;
  return names.every((name) => nameProblem(name) === null) ? names : null;
}

export function joinPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/** The folder a path sits in ('' for a top-level name). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
