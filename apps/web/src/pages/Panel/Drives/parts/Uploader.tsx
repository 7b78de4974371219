import { router } from '@renderfarm/react';
import { Pause, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { Button } from '../../../../components/ui/Button';
import { FileDrop } from '../../../../components/ui/FileDrop';
import { formatSize } from '../../../../lib/size';

/** Bytes per PATCH: small enough for steady progress and cheap retries, big enough for speed. */
const CHUNK_BYTES = 8 * 1024 * 1024;

const xsrfToken = () => {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
};

type State = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

/**
 * One file sent with tus 1.0.0 (tus-js-client) to the drive's upload URL, with the session and
 * the CSRF header like every action: progress, pause and resume; after a reload the same file
 * picked again resumes where it stopped (tus-js-client keeps the upload URL in localStorage by
 * the file's fingerprint, and HEAD gives the offset).
 */
export function Uploader({
  endpoint,
  path,
  disabled,
  reload = ['files', 'drive'],
  onDone,
  label = 'بارگذاری فایل',
  accept,
}: {
  endpoint: string;
  path: string;
  disabled: boolean;
  /** The props that list the new file, brought again once it is in. */
  reload?: string[];
  /** Told the file's name once it is in (the render page picks the scene just uploaded). */
  onDone?: (name: string) => void;
  label?: string;
  accept?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>('idle');
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** Where a resumed upload went on from (the server's offset), in percent; null for a new one. */
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);
  const resuming = useRef(false);
  const upload = useRef<Upload | null>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (chosen: File) => {
    setError(null);
    setSent(0);
    setResumedFrom(null);
    resuming.current = false;
    const next = new Upload(chosen, {
      endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      storeFingerprintForResuming: true,
      metadata: { filename: chosen.name, path, filetype: chosen.type },
      headers: { 'X-XSRF-TOKEN': xsrfToken() },
      // The fingerprint names the drive and folder too: the same file sent elsewhere is another upload.
      fingerprint: async (f) => `rf-drive:${endpoint}:${path}:${f.name}:${f.size}:${f.lastModified}`,
      onProgress: (bytes, total) => {
        setSent(bytes);
        if (resuming.current) {
          resuming.current = false;
          setResumedFrom(total > 0 ? Math.floor((bytes / total) * 100) : 0);
        }
      },
      onSuccess: () => {
        setState('done');
        router.reload({ only: reload });
        onDone?.(chosen.name);
      },
      onError: (failure) => {
        const body = (failure as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        setError(body?.trim() || 'بارگذاری انجام نشد؛ دوباره تلاش کنید.');
        setState('error');
      },
      onShouldRetry: (failure) => {
        const status =
          (failure as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0;
        // Refusals (quota, name, state) are final; network trouble and 5xx are retried.
        return status === 0 || status >= 500 || status === 423;
      },
    });
    const previous = await next.findPreviousUploads();
    if (previous[0]) {
      next.resumeFromPreviousUpload(previous[0]);
      resuming.current = true;
    }
    upload.current = next;
    setState('uploading');
    next.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setState('paused');
  };
  const resume = () => {
    upload.current?.start();
    setState('uploading');
  };
  const cancel = () => {
    // Terminates the upload on the server (its reserved space comes back) and forgets it here.
    void upload.current?.abort(true);
    upload.current = null;
    setState('idle');
    setFile(null);
    setSent(0);
  };

  const percent = file && file.size > 0 ? Math.floor((sent / file.size) * 100) : 0;
  const busy = state === 'uploading' || state === 'paused';
  return (
    <div className="grid gap-3">
      <FileDrop
        label={label}
        accept={accept}
        name="file"
        hint="فایل‌های بزرگ صحنه هم پذیرفته می‌شوند؛ اگر صفحه بسته شد، همان فایل را دوباره انتخاب کنید تا از همان‌جا ادامه یابد."
        file={file}
        onFile={(chosen) => {
          if (busy || disabled) return;
          setFile(chosen);
          if (chosen) void start(chosen);
        }}
        progress={file && state !== 'idle' ? percent : null}
        error={error}
      />
      {file && state !== 'idle' && (
        <div className="grid gap-2 rounded-lg border border-gray-200 p-3" aria-live="polite">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate font-medium">{file.name}</span>
            <span className="text-gray-600 tabular-nums">
              {formatSize(sent)} از {formatSize(file.size)}
            </span>
          </div>

          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <span data-testid="upload-state">
              {state === 'uploading' && `در حال بارگذاری… ${new Intl.NumberFormat('fa-IR').format(percent)}٪`}
              {state === 'paused' && 'متوقف شد'}
              {state === 'done' && 'بارگذاری کامل شد.'}
              {state === 'error' && 'بارگذاری ناتمام ماند.'}
            </span>
            {resumedFrom !== null && (
              <span className="text-gray-500">
                (ادامهٔ بارگذاری قبلی از {new Intl.NumberFormat('fa-IR').format(resumedFrom)}٪)
              </span>
            )}
            <span className="ms-auto flex gap-2">
              {state === 'uploading' && (
                <Button size="sm" variant="secondary" onClick={pause}>
                  <Pause aria-hidden="true" className="size-4" />
                  توقف
                </Button>
              )}
              {(state === 'paused' || state === 'error') && (
                <Button size="sm" variant="secondary" onClick={resume}>
                  <Play aria-hidden="true" className="size-4" />
                  ادامه
                </Button>
              )}
              {busy && (
                <Button size="sm" variant="ghost" onClick={cancel}>
                  <X aria-hidden="true" className="size-4" />
                  لغو
                </Button>
              )}
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
