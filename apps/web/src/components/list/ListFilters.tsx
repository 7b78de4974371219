import type { FormEvent, ReactNode } from 'react';
import { SearchBox } from '../content/SearchBox';
import { PeriodFields } from '../ui/PeriodFields';
import { SearchForm } from '../ui/SearchForm';
import { SelectField, type SelectOption } from '../ui/SelectField';
import type { QueryPatch } from './use-list-query';

/** One filter of a list, declared by the page and drawn by `ListFilters`. */
export type FilterField =
  /** A choice; `all` is the empty first choice («همه» unless said otherwise, `null` for none). */
  | { select: string; label: string; options: SelectOption[]; all?: string | null; error?: string }
  /** A search box sent on Enter; `ltr` for code-like searches (`user:12`). */
  | { search: string; label?: string; placeholder?: string; ltr?: boolean; className?: string }
  /**
   * A GET search box (`?q=` sent to `searchAction`, working before the script has loaded) that
   * carries the list's other filters along as hidden fields.
   */
  | { searchAction: string; label: string; placeholder?: string }
  /** The «از» … «تا» Jalali days (`from`, `to` in the query), two cells of the grid. */
  | { period: true; fromLabel?: string; toLabel?: string; errors?: { from?: string; to?: string } }
  /** Anything else the page needs in the row (a money range, a button). */
  | { custom: string; node: ReactNode };

/**
 * A list's filter row from its declaration: every choice is a `SelectField`, the search a
 * `SearchForm`, the period two day pickers; each change goes to `onChange` as a query patch, which
 * the page turns into a visit. `className` sets the grid's columns and spacing for the page.
 */
export function ListFilters({
  fields,
  values,
  onChange,
  layout = 'grid',
  onSubmit,
  className = '',
}: {
  fields: (FilterField | false | null | undefined)[];
  values: object;
  onChange: (patch: QueryPatch) => void;
  /** A grid with the page's columns, or a row that wraps (fields as wide as their words). */
  layout?: 'grid' | 'wrap';
  /** Fields sent together by a button (typed amounts, a search): the row is then a search form. */
  onSubmit?: (event: FormEvent) => void;
  className?: string;
}) {
  const value = (name: string) => {
    const raw = (values as Record<string, unknown>)[name];
    return raw === null || raw === undefined ? '' : String(raw);
  };
  const Row = onSubmit ? 'form' : 'div';
  return (
    <Row
      onSubmit={onSubmit}
      role={onSubmit ? 'search' : undefined}
      className={`${layout === 'wrap' ? 'flex flex-wrap' : 'grid'} gap-3 ${className}`}
    >
      {fields.map((field) => {
        if (!field) return null;
        if ('select' in field)
          return (
            <SelectField
              key={field.select}
              label={field.label}
              value={value(field.select)}
              placeholder={field.all === undefined ? 'همه' : (field.all ?? undefined)}
              options={field.options}
              error={field.error}
              onChange={(chosen) => onChange({ [field.select]: chosen })}
            />
          );
        if ('search' in field) {
          const { placeholder } = field;
          return (
            <SearchForm
              key={field.search}
              initial={value(field.search)}
              onSearch={(text) => onChange({ [field.search]: text })}
              label={field.label}
              placeholder={placeholder}
              ltr={field.ltr}
              className={field.className}
            />
          );
        }
        if ('period' in field)
          return (
            <PeriodFields
              key="period"
              from={value('from')}
              to={value('to')}
              fromLabel={field.fromLabel}
              toLabel={field.toLabel}
              errors={field.errors}
              onChange={onChange}
            />
          );
        if ('searchAction' in field) {
          const { placeholder } = field;
          const others = Object.keys(values).filter((name) => name !== 'q');
          return (
            <div key="q" className="contents">
              <SearchBox
                action={field.searchAction}
                value={value('q')}
                label={field.label}
                placeholder={placeholder}
                hidden={Object.fromEntries(others.map((name) => [name, value(name)]))}
              />
            </div>
          );
        }
        return (
          <div key={field.custom} className="contents">
            {field.node}
          </div>
        );
      })}
    </Row>
  );
}
