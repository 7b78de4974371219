import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { formatNumber } from '../../lib/digits';
import { formatSize } from '../../lib/size';
import { FieldError } from './FieldError';

/**
 * A file chosen by dropping it or by the picker (a real `<input type="file">`, so keyboards and
 * tests work), with the upload's progress while the form is sent (`progress` 0–100, from the
 * page client's upload events) and the server's error under it.
 */
export function FileDrop({
  label,
  name,
  accept,
  hint,
  file,
  onFile,
  progress,
  error,
}: {
  label: string;
  name: string;
  accept?: string;
  hint?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  progress?: number | null;
  error?: string | null | undefined;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm ${
          over
            ? 'border-brand-500 bg-brand-50'
            : error
              ? 'border-red-400'
              : 'border-gray-300 hover:border-gray-400'
        }`}
      >
        <FileUp aria-hidden="true" className="size-6 text-gray-400" />
        <span className="font-medium text-gray-900">{label}</span>
        <span className="text-gray-600">
          {file ? (
            <>
              <bdi>{file.name}</bdi> · {formatSize(file.size)}
            </>
          ) : (
            (hint ?? 'فایل را اینجا رها کنید یا برای انتخاب بزنید')
          )}
        </span>
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {progress !== null && progress !== undefined && (
        <div
          role="progressbar"
          aria-label={`بارگذاری ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          aria-valuetext={`${formatNumber(Math.round(progress))}٪`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ inlineSize: `${progress}%` }} />
        </div>
      )}
      <FieldError id={error ? `${id}-error` : undefined} error={error} />
    </div>
  );
}
