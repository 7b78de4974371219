import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from './upload-image';

afterEach(() => vi.unstubAllGlobals());

const file = (type: string, size: number, name = 'x') => new File([new Uint8Array(size)], name, { type });

describe('uploadImage (the body editor’s «افزودن تصویر»)', () => {
  it('refuses another type or more than 5 MB in Persian without sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await uploadImage('/admin/uploads', file('application/pdf', 10, 'cv.pdf'))).toEqual({
      ok: false,
      message: 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.',
    });
    expect(await uploadImage('/admin/uploads', file('image/png', 5 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: 'تصویر باید حداکثر ۵ مگابایت باشد.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hands back the server’s Persian refusal (judged by the bytes) and its answer on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(
        new Response(
          JSON.stringify({ message: 'x', errors: { file: 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.' } }),
          {
            status: 422,
          },
        ),
      ),
    );
    expect(await uploadImage('/admin/uploads', file('image/png', 10))).toEqual({
      ok: false,
      message: 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.',
    });
    const ok = vi.fn().mockResolvedValueOnce(
      new Response(JSON.stringify({ url: '/uploads/content/a.png', width: 64, height: 40 }), {
        status: 201,
      }),
    );
    vi.stubGlobal('fetch', ok);
    expect(await uploadImage('/admin/uploads', file('image/png', 10))).toEqual({
      ok: true,
      url: '/uploads/content/a.png',
      width: 64,
      height: 40,
    });
    expect(ok.mock.calls[0]![1].method).toBe('POST');
  });

  it('says so in Persian when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    const result = await uploadImage('/admin/uploads', file('image/webp', 10));
    expect(result.ok).toBe(false);
  });
});
