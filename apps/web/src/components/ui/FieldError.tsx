/**
 * A field's inline error inside a live region. The region is always rendered: a live region is
 * announced only when its content changes, not when it first appears, so a screen reader hears
 * the error the moment the server sends it.
 */
export function FieldError({ id, error }: { id: string | undefined; error: string | null | undefined }) {
  return (
    <div aria-live="polite">
      {error && (
        <p id={id} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
