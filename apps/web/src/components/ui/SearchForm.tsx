import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from './Button';

/**
 * A list's search box: typed freely, sent on Enter or the button (not on every key, so a list is
 * not reloaded mid-word). `onSearch` gets the text; the list puts it in its URL.
 */
export function SearchForm({
  initial,
  onSearch,
  label = 'جست‌وجو',
  placeholder,
  ltr = false,
  className = '',
}: {
  initial: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
  /** A code-like search (`user:12`) reads left to right. */
  ltr?: boolean;
  className?: string;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form onSubmit={submit} role="search" className={`flex min-w-0 items-end gap-2 ${className}`}>
      <label className="grid min-w-0 flex-1 gap-1.5 text-sm font-medium text-gray-900">
        {label}
        <input
          type="search"
          dir={ltr ? 'ltr' : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          className="min-h-11 min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-sm font-normal"
        />
      </label>
      <Button type="submit" variant="secondary" className="h-11">
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only">جست‌وجو</span>
      </Button>
    </form>
  );
}
