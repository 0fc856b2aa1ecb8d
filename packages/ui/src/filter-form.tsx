import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from './button';
import styles from './styles/staff-page.module.css';

export interface FilterFormProps {
  /** The form fields read into the URL, in this order; empty ones are left out. */
  names: readonly string[];
  /**
   * Cross-field rules and derived parameters: return false to stop (after showing why); may add to `next`
   * from `data` (e.g. a combined sort field).
   */
  refine?: (next: URLSearchParams, data: FormData) => boolean;
  onApply: (next: URLSearchParams) => void;
  /** The section's heading. */
  title?: string;
  submitLabel?: string;
  clearLabel?: string;
  /** `search` for a form that finds records (a landmark), rather than narrowing a list. */
  role?: 'search';
  children: ReactNode;
}

/**
 * A staff list page's "Filters" section: the fields, Apply (into the URL, so the view can be shared) and
 * Clear. The fields are uncontrolled (`name` + `defaultValue` from the URL); the page remounts the form when
 * the URL changes (`filtersKey` of useUrlFilters). A filter has no request body to validate, so this is the
 * one form of the kit without a schema: `refine` holds its cross-field rules.
 */
export function FilterForm({
  names,
  refine,
  onApply,
  title = 'Filters',
  submitLabel = 'Apply filters',
  clearLabel = 'Clear filters',
  role,
  children,
}: FilterFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of names) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    if (refine && !refine(next, data)) return;
    onApply(next);
  };
  return (
    <form role={role} className={styles.section} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className={styles.filters}>
        {children}
        <div className={styles.filterButtons}>
          <Button type="submit">{submitLabel}</Button>
          <Button type="reset" variant="ghost" onClick={() => onApply(new URLSearchParams())}>
            {clearLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * A filtered, paged list whose state is the page URL: the search parameters, `apply` for new filters and
 * `goToPage` (which keeps the filters). `filtersKey` remounts the filter form when the URL changes.
 */
export function useUrlFilters(options: { focusMainOnPage?: boolean } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const goToPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(page));
    setSearchParams(next);
    if (options.focusMainOnPage) document.getElementById('main')?.focus();
  };
  return { searchParams, filtersKey: searchParams.toString(), apply: (next: URLSearchParams) => setSearchParams(next), goToPage };
}
