import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Sections of one page, one shown at a time (WAI-ARIA tabs). Arrow keys move between tabs in
 * reading order: in RTL the left arrow goes to the next tab. Controlled (`value`/`onChange`) when
 * the tab lives in the URL, else it keeps its own.
 */
export function Tabs({
  tabs,
  label,
  value,
  onChange,
}: {
  tabs: Tab[];
  label: string;
  value?: string;
  onChange?: (id: string) => void;
}) {
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const active = value ?? own;
  const select = (id: string) => (onChange ? onChange(id) : setOwn(id));
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 }[
      event.key as 'ArrowLeft' | 'ArrowRight'
    ];
    let next: number | null = step === undefined ? null : (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(tabs[next]!.id);
    buttons.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {tabs.map((tab, index) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKey(event, index)}
              className={`min-h-10 shrink-0 border-b-2 px-3 text-sm font-medium ${
                selected
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== active}
          className="pt-4"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
