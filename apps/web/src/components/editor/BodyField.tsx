import { lazy, type ReactNode, Suspense, useId } from 'react';
import { FieldError } from '../ui/FieldError';

// Its own chunk, fetched when an admin form shows a body: TipTap and ProseMirror never reach
// a public page (tests/e2e/public-speed.test.ts looks for them).
const BodyEditor = lazy(() => import('./BodyEditor'));

/**
 * A labelled HTML body field (articles, static pages) edited as rich text, with its hint and the
 * server's error, like TextAreaField. Until the editor's code has arrived, a box of the same size
 * says it is coming.
 */
export function BodyField({
  label,
  value,
  onChange,
  error,
  hint,
  uploadUrl,
  placeholder = 'متن را اینجا بنویسید…',
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  uploadUrl: string;
  placeholder?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-gray-800">
        {label}
      </span>
      <Suspense
        fallback={
          <div className="mt-1.5 grid min-h-[21.5rem] place-items-center rounded-lg border border-gray-300 bg-gray-50 text-sm text-gray-500">
            در حال آماده شدن ویرایشگر…
          </div>
        }
      >
        <BodyEditor
          value={value}
          onChange={onChange}
          uploadUrl={uploadUrl}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          placeholder={placeholder}
        />
      </Suspense>
      <FieldError id={errorId} error={error} />
      {hintId && (
        <p id={hintId} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      )}
    </div>
  );
}
