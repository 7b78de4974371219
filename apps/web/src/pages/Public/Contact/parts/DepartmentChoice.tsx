import type { DepartmentOption } from '@server/modules/support/contracts';
import { Headset, ShoppingBag } from 'lucide-react';
import { useId } from 'react';

// What each desk answers, so the visitor picks without guessing; unknown values get no line.
const DESCRIPTIONS: Record<string, { text: string; icon: typeof Headset }> = {
  sales: { text: 'تعرفه، خرید اعتبار، قرارداد سازمانی', icon: ShoppingBag },
  support: { text: 'اتصال، نرم‌افزارها، کندی یا خطای سرور', icon: Headset },
};

/** The desk a contact message goes to, as two large radio cards (easy to hit on a phone). */
export function DepartmentChoice({
  options,
  value,
  onChange,
  error,
}: {
  options: DepartmentOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">پیام شما دربارهٔ چیست؟</legend>
      <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const about = DESCRIPTIONS[option.value];
          const Icon = about?.icon;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600/40 ${
                checked ? 'border-brand-600 bg-brand-50/60' : 'border-gray-300 bg-white hover:bg-gray-50'
              }`}
            >
              <input
                type="radio"
                name="department"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5 font-medium text-gray-900">
                  {Icon && <Icon aria-hidden="true" className="size-4 text-gray-500" />}
                  {option.label}
                </span>
                {about && <span className="mt-0.5 block text-xs leading-6 text-gray-600">{about.text}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
