import { useEffect, useId, useRef, useState } from 'react';
import type { TEmployerRemittance } from '@payrail/contract/employer-remittances';
import { Button } from '@payrail/ui/button';
import { QueryFallback } from '@payrail/ui/query-fallback';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useRemittance, useRemittances } from '../api/remittances';
import { countsSummary, Reconciliation } from './reconciliation';

/** The remittances submitted so far, newest first; each opens its reconciliation. */
export function RemittanceHistory() {
  const id = useId();
  const list = useRemittances();
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useRemittance(openId);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (detail.data) detailHeading.current?.focus();
  }, [detail.data]);

  const columns: TableColumn<TEmployerRemittance>[] = [
    { key: 'pay', header: 'Pay date', cell: (r) => formatDate(r.pay_date) },
    { key: 'submitted', header: 'Submitted', cell: (r) => `${formatDate(r.submitted_at)}${r.submitted_by ? ` by ${r.submitted_by}` : ''}` },
    { key: 'how', header: 'How', cell: (r) => (r.method === 'upload' ? `File${r.file_name ? ` ${r.file_name}` : ''}` : 'On screen') },
    { key: 'expected', header: 'Due', align: 'end', cell: (r) => formatCents(r.expected) },
    { key: 'remitted', header: 'Remitted', align: 'end', cell: (r) => formatCents(r.remitted) },
    { key: 'counts', header: 'Employees', cell: (r) => countsSummary(r.counts) },
    {
      key: 'view',
      header: <span className="visually-hidden">Details</span>,
      label: 'Details',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)} aria-label={`View the reconciliation of ${formatDate(r.pay_date)}`}>
          View
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Remittance history</h2>
      {list.data ? (
        <Table
          caption="Remittances submitted"
          captionHidden
          columns={columns}
          rows={list.data.remittances}
          getRowKey={(r) => r.id}
          emptyMessage="No remittance submitted yet."
        />
      ) : (
        <QueryFallback query={list} loadingLabel="Loading your remittances…" failure="We could not load your remittances." />
      )}
      {openId === null ? null : detail.data ? (
        <div className={styles.stack}>
          <h3 ref={detailHeading} tabIndex={-1}>
            Reconciliation of {formatDate(detail.data.pay_date)}
          </h3>
          <Reconciliation remittance={detail.data} />
        </div>
      ) : (
        <QueryFallback query={detail} loadingLabel="Loading the reconciliation…" failure="We could not load this reconciliation." />
      )}
    </section>
  );
}
