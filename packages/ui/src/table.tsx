import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import styles from './table.module.css';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** Column name shown beside each value in compact (small-screen) mode; defaults to a string header. */
  label?: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

export interface TableProps<T> {
  /** Every table is named; hide it visually when a heading right above says the same. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => string | number;
  emptyMessage?: ReactNode;
  /** 'auto' stacks rows as cards below 640 px; 'never' keeps a scrolling table. */
  compact?: 'auto' | 'never';
  /** A CSS length: a long table (a payment schedule) scrolls in a box this tall instead of lengthening the page. */
  maxHeight?: string;
}

/**
 * Data table. In compact mode CSS turns rows into cards; explicit ARIA table roles keep the table
 * semantics that `display: block` would otherwise strip in some browsers.
 */
export function Table<T>({
  caption,
  captionHidden,
  columns,
  rows,
  getRowKey,
  emptyMessage = 'Nothing to show yet.',
  compact = 'auto',
  maxHeight,
}: TableProps<T>) {
  const captionId = useId();
  return (
    // A table wider than the screen scrolls sideways: the scroller is focusable so a keyboard user can
    // scroll it too (WCAG 2.1.1; axe scrollable-region-focusable), and named by the caption. A group,
    // not a region: a page section titled like its table must not make two landmarks of one name.
    <div
      className={styles.scroller}
      data-compact={compact}
      data-bounded={maxHeight ? '' : undefined}
      style={maxHeight ? ({ '--table-max-height': maxHeight } as CSSProperties) : undefined}
      role="group"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={styles.table} role="table">
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : styles.caption}>
          {caption}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} role="columnheader" scope="col" data-align={column.align}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className={styles.empty}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={getRowKey(row)} role="row">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role="cell"
                    data-align={column.align}
                    data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
