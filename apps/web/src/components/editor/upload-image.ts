/** What `admin.uploads.store` takes: the server checks the bytes and the size again. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type Uploaded =
  | { ok: true; url: string; width?: number; height?: number }
  | { ok: false; message: string };

const xsrfToken = () => {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
};

/**
 * Sends one image to `admin.uploads.store`. A file that is plainly not a JPEG, PNG or WebP, or
 * is over 5 MB, is refused here without sending 5 MB for nothing; anything else the server
 * judges by its bytes and its Persian message is handed back as is.
 */
export async function uploadImage(url: string, file: File): Promise<Uploaded> {
  if (file.type && !IMAGE_TYPES.includes(file.type))
    return { ok: false, message: 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.' };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: 'تصویر باید حداکثر ۵ مگابایت باشد.' };
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': xsrfToken() },
    });
  } catch {
    return { ok: false, message: 'اتصال برقرار نشد؛ تصویر بارگذاری نشد. دوباره تلاش کنید.' };
  }
  const json = (await response.json().catch(() => ({}))) as {
    url?: string;
    width?: number;
    height?: number;
    message?: string;
    errors?: Record<string, string>;
  };
  if (!response.ok || !json.url)
    return { ok: false, message: json.errors?.file ?? json.message ?? 'بارگذاری تصویر انجام نشد.' };
  return { ok: true, url: json.url, width: json.width, height: json.height };
}
