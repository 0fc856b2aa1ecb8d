import { useState } from 'react';
import type { z } from 'zod';
import type { TLoanServicingResponse, ZAchEntry, ZLedgerEntryRow, ZScheduleRow } from '@payrail/contract/servicing-backoffice';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useCan } from '../../../lib/roles';
import { useLoanServicing } from '../api/get-loan-servicing';
import { paymentModeLabel } from '@payrail/ui/labels';
import { ACH_STATUS_LABELS, LEDGER_KIND_LABELS, loanStatusLabel, PAYMENT_KINDS, SCHEDULE_STATE_LABELS } from './labels';
import { DisbursementsTable, ReturnedDisbursement } from './returned-disbursement';
import { UnsentCredit } from './unsent-credit';
import { CreditRefund } from './credit-refund';
import { ReversalDialog } from './reversal-dialog';
import type { ReversalTarget } from './reversal-dialog';
import { installmentColumns } from '../../../components/installment-columns';

type Ledger = z.infer<typeof ZLedgerEntryRow>;
type Schedule = z.infer<typeof ZScheduleRow>;
type Ach = z.infer<typeof ZAchEntry>;

const scheduleColumns: TableColumn<Schedule>[] = [
  ...installmentColumns<Schedule>(),
  { key: 'unpaid', header: 'Unpaid', align: 'end', cell: (r) => formatCents(r.unpaid + r.fees_unpaid) },
  { key: 'state', header: 'State', cell: (r) => SCHEDULE_STATE_LABELS[r.state] ?? r.state },
];

/** ACH entries newest first: by the date each is presented, then the later entry first on the same day. */
export function achNewestFirst(entries: readonly Ach[]): Ach[] {
  return [...entries].sort((a, b) => (a.scheduled_date === b.scheduled_date ? b.id - a.id : a.scheduled_date < b.scheduled_date ? 1 : -1));
}

/** "Scheduled debit $33.00 of 05/18/2026 (#34)": an entry another one names, so a reader can find it. */
export function ledgerEntryText(entries: readonly Ledger[], id: number): string {
  const e = entries.find((x) => x.id === id);
  return e ? `${LEDGER_KIND_LABELS[e.kind]} ${formatCents(e.amount)} of ${formatDate(e.effective_date)} (#${e.id})` : `#${id}`;
}

/** The ledger's note: reason, and the entries a reversal links, named by kind, amount and date. */
export function ledgerNote(entries: readonly Ledger[], r: Ledger): string {
  return (
    [
      r.reason_code,
      r.reason,
      r.reverses_entry_id ? `reverses ${ledgerEntryText(entries, r.reverses_entry_id)}` : null,
      r.reversed_by_entry_id ? `reversed by ${ledgerEntryText(entries, r.reversed_by_entry_id)}` : null,
    ]
      .filter(Boolean)
      .join(' · ') || '—'
  );
}

function achColumns(entries: readonly Ach[]): TableColumn<Ach>[] {
  const retryText = (id: number) => {
    const first = entries.find((x) => x.id === id);
    return first ? `#${id} (${formatDate(first.scheduled_date)})` : `#${id}`;
  };
  return [
    { key: 'id', header: 'Entry', align: 'end', cell: (r) => `#${r.id}` },
    { key: 'date', header: 'Date', cell: (r) => formatDate(r.scheduled_date) },
    { key: 'mode', header: 'Type', cell: (r) => `${paymentModeLabel(r.mode)} (${r.sec_code})` },
    { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
    { key: 'status', header: 'Status', cell: (r) => ACH_STATUS_LABELS[r.status] ?? r.status },
    {
      key: 'outcome',
      header: 'Outcome',
      cell: (r) =>
        r.status === 'returned'
          ? `${r.return_code ?? ''} ${r.return_reason ?? ''} on ${formatDate(r.returned_on)}`.trim()
          : r.settled_on
            ? `Settled ${formatDate(r.settled_on)}`
            : '—',
    },
    { key: 'retry', header: 'Retry of', cell: (r) => (r.retry_of_id ? retryText(r.retry_of_id) : '—') },
    { key: 'trace', header: 'Trace id', cell: (r) => <span className={styles.mono}>{r.trace_id ?? '—'}</span> },
  ];
}

function ledgerColumns(entries: readonly Ledger[], canReverse: boolean, onReverse: (entry: ReversalTarget) => void): TableColumn<Ledger>[] {
  return [
    { key: 'id', header: 'No.', align: 'end', cell: (r) => `#${r.id}` },
    { key: 'date', header: 'Effective', cell: (r) => formatDate(r.effective_date) },
    { key: 'kind', header: 'Entry', cell: (r) => LEDGER_KIND_LABELS[r.kind] },
    { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
    { key: 'installment', header: 'Installment', align: 'end', cell: (r) => r.installment ?? '—' },
    {
      key: 'note',
      header: 'Note',
      cell: (r) => ledgerNote(entries, r),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (r) =>
        canReverse && PAYMENT_KINDS.has(r.kind) && r.reversed_by_entry_id === null ? (
          <Button size="sm" variant="secondary" onClick={() => onReverse(r)} aria-label={`Reverse entry #${r.id}`}>
            Reverse
          </Button>
        ) : null,
    },
  ];
}

export function LoanServicingView({ data, loanId }: { data: TLoanServicingResponse; loanId: number }) {
  const canReverse = useCan('fund');
  const [target, setTarget] = useState<ReversalTarget | null>(null);
  const { loan } = data;
  return (
    <div className={styles.stack}>
      <ReturnedDisbursement data={data} loanId={loanId} />
      <UnsentCredit data={data} loanId={loanId} />
      <dl className={styles.dl}>
        <dt>Status</dt>
        <dd>{loanStatusLabel(loan.status)}</dd>
        <dt>Business date</dt>
        <dd>{formatDate(data.business_date)}</dd>
        <dt>Days past due</dt>
        <dd>{data.days_past_due}</dd>
        <dt>Paid so far</dt>
        <dd>{formatCents(data.paid_total)}</dd>
        <dt>Payoff amount today</dt>
        <dd>{formatCents(data.payoff_amount)}</dd>
        <dt>Credit balance</dt>
        <dd>
          {data.credit_balance > 0
            ? `${formatCents(data.credit_balance)} — not refunded yet (no verified bank account on file, a debit still in its return window, or a refund returned by the bank)`
            : formatCents(0)}
        </dd>
        <dt>Payment per term</dt>
        <dd>{formatCents(loan.payment_per_term)}</dd>
        <dt>Auto-debit</dt>
        <dd>{data.auto_debit ? `${formatCents(data.auto_debit.amount)} per payment` : 'Not set up'}</dd>
      </dl>
      <CreditRefund data={data} loanId={loanId} />
      <h3>Ledger</h3>
      <Table
        caption={`Ledger of loan ${loan.identifier}`}
        captionHidden
        columns={ledgerColumns(data.ledger, canReverse, setTarget)}
        rows={data.ledger}
        getRowKey={(r) => r.id}
        emptyMessage="No ledger entries."
      />
      <h3>Schedule</h3>
      <Table
        caption={`Servicing schedule of loan ${loan.identifier}`}
        captionHidden
        columns={scheduleColumns}
        rows={data.schedule}
        getRowKey={(r) => r.n}
        emptyMessage="No installments."
      />
      <h3>Disbursements</h3>
      <DisbursementsTable data={data} />
      <h3>ACH entries, newest first</h3>
      <Table
        caption={`ACH entries of loan ${loan.identifier}, newest first`}
        captionHidden
        columns={achColumns(data.ach_entries)}
        rows={achNewestFirst(data.ach_entries)}
        getRowKey={(r) => r.id}
        emptyMessage="No ACH entries."
      />
      <ReversalDialog loanId={loanId} entry={target} onClose={() => setTarget(null)} />
    </div>
  );
}

/** The loan's servicing: status, past-due days, ledger (with reversal), schedule and ACH entries. */
export function LoanServicing({ loanId }: { loanId: number }) {
  const servicing = useLoanServicing(loanId);
  if (servicing.isPending) return <Spinner label="Loading the servicing…" />;
  if (servicing.isError) return <Alert kind="error">We could not load the servicing of this loan.</Alert>;
  return <LoanServicingView data={servicing.data} loanId={loanId} />;
}
