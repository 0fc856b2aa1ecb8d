import type { ReactNode } from 'react';
import styles from './chart-data.module.css';

export interface ChartDataProps {
  /** Names the table for assistive technology (the chart's figcaption says it for sighted users). */
  caption: string;
  /** Column headers; the first column holds each row's header (usually the date). */
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/**
 * A chart's text alternative: its data as a table inside a closed disclosure ("Chart data as a table"),
 * each row headed by its first cell.
 */
export function ChartData({ caption, columns, rows }: ChartDataProps) {
  return (
    <details className={styles.data}>
      <summary>Chart data as a table</summary>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [head, ...rest] }) => (
            <tr key={key}>
              <th scope="row">{head}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
