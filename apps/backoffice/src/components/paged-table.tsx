import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { Pagination } from './pagination';

/** One page of a paged list as the back-office API answers it. */
export interface PagedAnswer<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
}

export interface PagedTableProps<T> {
  query: UseQueryResult<PagedAnswer<T>>;
  /** Said while the first page loads. */
  loadingLabel: string;
  /** The error's title when the page cannot be read, and what to do about it. */
  errorTitle: string;
  errorDetail?: ReactNode;
  caption: string;
  /** The caption for screen readers only, where a heading above already names the table. */
  captionHidden?: boolean;
  columns: TableColumn<T>[];
  getRowKey: (row: T) => string | number;
  emptyMessage: string;
  /** The name of the pagination's nav landmark. */
  pagesLabel: string;
  onPage: (page: number) => void;
}

/** A paged list (the review queue, the audit log, the applications ready to fund): loading, the error, the table and Previous / Next under it. */
export function PagedTable<T>({
  query,
  loadingLabel,
  errorTitle,
  errorDetail,
  caption,
  captionHidden,
  columns,
  getRowKey,
  emptyMessage,
  pagesLabel,
  onPage,
}: PagedTableProps<T>) {
  if (query.isPending) return <LoadingBlock label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert kind="error" title={errorTitle}>
        {errorDetail}
      </Alert>
    );
  }
  const { items, page, per_page, total } = query.data;
  return (
    <>
      <Table caption={caption} captionHidden={captionHidden} columns={columns} rows={items} getRowKey={getRowKey} emptyMessage={emptyMessage} />
      <Pagination label={pagesLabel} page={page} perPage={per_page} total={total} onPage={onPage} />
    </>
  );
}
