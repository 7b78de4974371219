import { CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePage } from '../../app/protocol';
import { onLiveStateChange } from '../../lib/realtime/live-state';

/**
 * The flash message of the last action («ذخیره شد», «پرداخت ناموفق بود»), or a warning about what
 * it left behind («یک کد بازیابی مصرف شد»). The live region is in the page from the first render:
 * screen readers only announce changes to a region they already know, so it must not appear
 * together with its message.
 *
 * A flash tells of the state the action left; when a live reload brings a newer state (the
 * machine that was «چند لحظه دیگر خاموش می‌شود» is now off), the message goes: a flash never
 * outlives the next change of what it describes. Other flash keys a page reads itself (the
 * machine's password, once) are not messages and stay.
 */
// One shared empty value: a fresh `{}` per render would look like a new flash every time.
const NO_FLASH: { success?: string | null; error?: string | null; warning?: string | null } = {};

type Tone = 'success' | 'error' | 'warning';

export function FlashMessages({ className = '' }: { className?: string }) {
  const flash = usePage().props.flash ?? NO_FLASH;
  const [dismissed, setDismissed] = useState<Partial<Record<Tone, boolean>>>({});

  // Every visit brings a new flash object: a message shows again after a later action even when
  // its text is the same («ذخیره شد») and the previous one was closed.
  const [seen, setSeen] = useState(flash);
  if (seen !== flash) {
    setSeen(flash);
    setDismissed({});
  }

  useEffect(() => onLiveStateChange(() => setDismissed({ success: true, error: true, warning: true })), []);

  const success = !dismissed.success && flash.success;
  const error = !dismissed.error && flash.error;
  const warning = !dismissed.warning && flash.warning;
  const dismiss = (tone: Tone) => () => setDismissed((d) => ({ ...d, [tone]: true }));

  return (
    // Never display:none: a live region that is hidden is not watched, so its first message would
    // go unannounced. Spacing lives on the inner block, which exists only with a message.
    <div aria-live="polite">
      {(error || warning || success) && (
        <div className={`space-y-2 ${className}`}>
          {error && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1">{error}</p>
              <CloseButton onClick={dismiss('error')} />
            </div>
          )}
          {warning && (
            <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1">{warning}</p>
              <CloseButton onClick={dismiss('warning')} />
            </div>
          )}
          {success && (
            <div className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-800">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1">{success}</p>
              <CloseButton onClick={dismiss('success')} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100">
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">بستن پیام</span>
    </button>
  );
}
