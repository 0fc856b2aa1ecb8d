import { Button } from '@payrail/ui/button';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}

/** "Page 2 of 5 (112 results)" with Previous / Next; a nav landmark named by `label`. */
export function Pagination({ page, perPage, total, onPage, label }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  return (
    <nav className={styles.pagination} aria-label={label}>
      <p className={styles.summary} aria-live="polite">
        Page {page} of {pages} ({total} {total === 1 ? 'result' : 'results'})
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
