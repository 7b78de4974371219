import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { formatNumber } from '../../lib/digits';
import { formatSize } from '../../lib/size';
import { FieldError } from './FieldError';
import { fileProblem } from './file-check';

/**
 * Several files for one message (ticket attachments): a real `<input type="file" multiple>` (so
 * keyboards and tests work), the chosen files listed with their sizes and a remove button each,
 * and the server's error under it. A file over `maxBytes` or of a type `accept` does not list is
 * refused here, before any upload, with the reason under the field; the server judges every file
 * again by its bytes.
 */
export function AttachmentsField({
  label = 'پیوست‌ها (اختیاری)',
  files,
  onChange,
  max = 5,
  maxBytes = 10 * 1024 * 1024,
  accept = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,application/zip,.zip,text/plain,.txt,.log',
  error,
}: {
  label?: string;
  files: File[];
  onChange: (files: File[]) => void;
  max?: number;
  maxBytes?: number;
  accept?: string;
  error?: string | null | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= max;
  // Why the last choice was (partly) refused; the server's error is shown when there is none.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand-500 ${full ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Paperclip aria-hidden="true" className="size-4" />
          {label}
          <input
            ref={input}
            id={id}
            name="attachments"
            type="file"
            multiple
            accept={accept}
            disabled={full}
            className="sr-only"
            aria-invalid={refused || error ? true : undefined}
            aria-describedby={refused || error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              const problems = chosen.map((file) => fileProblem(file, { maxBytes, accept }));
              setRefused(problems.find(Boolean) ?? null);
              onChange([...files, ...chosen.filter((_, i) => !problems[i])].slice(0, max));
              // The same file may be chosen again after it was removed.
              if (input.current) input.current.value = '';
            }}
          />
        </label>
        <span id={`${id}-hint`} className="text-xs text-gray-500">
          تا {formatNumber(max)} فایل، هر کدام حداکثر {formatNumber(Math.floor(maxBytes / 1024 / 1024))}{' '}
          مگابایت؛ عکس، PDF{'\u200F'}، ZIP{'\u200F'} یا متن ساده
        </span>
      </div>
      {files.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label="فایل‌های انتخاب‌شده">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex min-w-0 items-center gap-2 rounded-lg bg-gray-50 px-3 py-1.5 text-sm"
            >
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
              <bdi className="min-w-0 truncate">{file.name}</bdi>
              <span className="shrink-0 text-xs text-gray-500">{formatSize(file.size)}</span>
              <button
                type="button"
                className="ms-auto shrink-0 rounded p-1 text-gray-500 hover:bg-gray-200 hover:text-gray-800"
                aria-label={`برداشتن ${file.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} error={refused ?? error} />
    </div>
  );
}
