import { useEffect, useId, useRef } from 'react';
import type { MouseEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import styles from './form-error-summary.module.css';

/** The messages a summary lists: react-hook-form's `FieldErrors`, or one message per field. */
export type SummaryErrors = FieldErrors<FieldValues> | Readonly<Record<string, string | null | undefined>>;

export interface SummaryEntry {
  /** The field's name ("amount", "address.zip"); `root…` entries have no field. */
  field: string;
  message: string;
}

/** Every message of a react-hook-form error tree (nested objects and arrays as dotted names) or a flat record, in order. */
export function summaryEntries(errors: SummaryErrors): SummaryEntry[] {
  const entries: SummaryEntry[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || node === undefined) return;
    if (typeof node === 'string') {
      if (node !== '') entries.push({ field: path, message: node });
      return;
    }
    if (typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message !== '') {
      entries.push({ field: path, message: record.message });
      return;
    }
    for (const [key, child] of Object.entries(record)) {
      if (key === 'ref' || key === 'type' || key === 'types') continue;
      walk(child, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(errors, '');
  return entries;
}

export interface FormErrorSummaryProps {
  errors: SummaryErrors;
  /** GOV.UK's heading; say what went wrong in the fields, not "Error". */
  title?: string;
  /** A field whose input id is not its name: `{ amount: 'payment-amount' }`. Otherwise the link finds `[name=field]` in the form. */
  fieldIds?: Readonly<Record<string, string>>;
  /** Moves focus to the summary whenever this changes (e.g. react-hook-form's submitCount), besides when it appears. */
  focusKey?: unknown;
  className?: string;
}

/**
 * The GOV.UK error summary: after a failed submit, one box at the top of the form with a heading and a link
 * per wrong field. It is announced (role=alert) and takes focus when it appears, so keyboard and
 * screen-reader users start from the list; each link moves focus to its field.
 */
export function FormErrorSummary({ errors, title = 'There is a problem', fieldIds, focusKey, className }: FormErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}-summary-title`;
  const entries = summaryEntries(errors);
  const shown = entries.length > 0;

  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, focusKey]);

  if (!shown) return null;

  const targetOf = (field: string): HTMLElement | null => {
    const id = fieldIds?.[field];
    if (id) return document.getElementById(id);
    const scope: ParentNode = ref.current?.closest('form') ?? document;
    return scope.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) ?? document.getElementById(field);
  };
  const follow = (field: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = targetOf(field);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'center' });
  };

  return (
    <div ref={ref} className={`${styles.summary} ${className ?? ''}`} role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {entries.map(({ field, message }) =>
          field === '' || field === 'root' || field.startsWith('root.') ? (
            <li key={field || message}>{message}</li>
          ) : (
            <li key={field}>
              <a href={`#${fieldIds?.[field] ?? field}`} onClick={follow(field)}>
                {message}
              </a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
