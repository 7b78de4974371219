import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';

const xsrfToken = () => {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
};

/**
 * «افزودن تصویر» for the body editors: sends the chosen image to `admin.uploads.store` and hands
 * back an `<img>` to insert. The server checks the bytes (JPEG, PNG, WebP) and the 5 MB limit and
 * says why it refused, shown here.
 */
export function ImageUpload({ url, onUploaded }: { url: string; onUploaded: (html: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const response = await fetch(url, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'X-XSRF-TOKEN': xsrfToken() },
      });
      const json = (await response.json().catch(() => ({}))) as {
        url?: string;
        message?: string;
        errors?: Record<string, string>;
      };
      if (!response.ok || !json.url) {
        setError(json.errors?.file ?? json.message ?? 'بارگذاری تصویر انجام نشد.');
        return;
      }
      onUploaded(`<img src="${json.url}" alt="">`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label
        htmlFor={id}
        className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        <ImagePlus aria-hidden="true" className="size-4" />
        {busy ? 'در حال بارگذاری…' : 'افزودن تصویر'}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
