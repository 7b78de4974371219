import { Check } from 'lucide-react';

/** «ذخیره شد» beside a form's button for the two seconds after it saved (useForm's recentlySuccessful). */
export function SavedNote({ show, children = 'ذخیره شد' }: { show: boolean; children?: string }) {
  return (
    <span aria-live="polite" className="text-sm text-green-700">
      {show && (
        <span className="inline-flex items-center gap-1">
          <Check aria-hidden="true" className="size-4" />
          {children}
        </span>
      )}
    </span>
  );
}
