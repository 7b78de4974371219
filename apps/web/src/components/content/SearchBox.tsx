import { Search } from 'lucide-react';
import { useId } from 'react';

/**
 * A GET search form (`?q=`): it works before the app's JS has loaded, and the server trims what it
 * gets. Other filters ride along as hidden fields.
 */
export function SearchBox({
  action,
  value,
  label,
  placeholder,
  hidden = {},
}: {
  action: string;
  value: string;
  label: string;
  placeholder?: string;
  hidden?: Record<string, string | null | undefined>;
}) {
  const id = useId();
  return (
    <form action={action} method="get" role="search" className="flex w-full max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {Object.entries(hidden).map(([name, v]) =>
        v ? <input key={name} type="hidden" name={name} value={v} /> : null,
      )}
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={value}
        maxLength={100}
        placeholder={placeholder}
        className="min-h-11 w-full min-w-0 rounded-xl border border-gray-300 bg-white px-4 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-xl bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
      >
        <Search aria-hidden="true" className="size-4" />
        جستجو
      </button>
    </form>
  );
}
