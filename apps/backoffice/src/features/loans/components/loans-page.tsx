import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FilterForm } from '@payrail/ui/filter-form';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { GLOSSARY } from '@payrail/ui/glossary';
import { formatCents, formatDate } from '@payrail/client/format';
import { LOAN_STATUSES } from '@payrail/contract/servicing';
import type { LoanStatus } from '@payrail/contract/servicing';
import { LOAN_DPD_BUCKETS, LOAN_REPAY_METHODS } from '@payrail/contract/servicing-backoffice';
import type { LoanDpdBucket, LoanRepayMethod, TLoanListItem } from '@payrail/contract/servicing-backoffice';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useLoanList } from '../api/get-loan-list';
import type { LoanListParams } from '../api/get-loan-list';
import { StaffPage } from '../../../components/staff-page';

export const LOANS_PER_PAGE = 25;

/** Repay methods in the product's words (the glossary of packages/ui); staff read which deposit is payroll's. */
export const REPAY_METHOD_LABELS: Readonly<Record<LoanRepayMethod, string>> = {
  split_direct_deposit: `${GLOSSARY.repaymentMethods.split_direct_deposit} (payroll)`,
  auto_debit: GLOSSARY.repaymentMethods.auto_debit,
  one_times: GLOSSARY.repaymentMethods.one_times,
};

const DPD_LABELS: Readonly<Record<LoanDpdBucket, string>> = {
  '0': 'Current (0 days)',
  '1-29': '1–29 days',
  '30-59': '30–59 days',
  '60-89': '60–89 days',
  '90+': '90 days or more',
};

const STATUS_OPTIONS = LOAN_STATUSES.map((s) => ({ value: s, label: GLOSSARY.loanStatuses[s] }));
const DPD_OPTIONS = LOAN_DPD_BUCKETS.map((b) => ({ value: b, label: DPD_LABELS[b] }));
const REPAY_OPTIONS = LOAN_REPAY_METHODS.map((m) => ({ value: m, label: REPAY_METHOD_LABELS[m] }));

const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/** The list's search and filters, read from the page URL (a search can be bookmarked and shared). */
export function loanListParamsFromUrl(params: URLSearchParams): LoanListParams {
  const q = params.get('q')?.trim();
  return {
    ...(q ? { q } : {}),
    ...(pick(LOAN_STATUSES, params.get('status')) ? { status: params.get('status') as LoanStatus } : {}),
    ...(pick(LOAN_DPD_BUCKETS, params.get('dpd')) ? { dpd: params.get('dpd') as LoanDpdBucket } : {}),
    ...(pick(LOAN_REPAY_METHODS, params.get('repay_method')) ? { repay_method: params.get('repay_method') as LoanRepayMethod } : {}),
    per_page: LOANS_PER_PAGE,
  };
}

const columns: TableColumn<TLoanListItem>[] = [
  {
    key: 'number',
    header: 'Loan number',
    cell: (r) => (
      <Link to={`/loans/${r.id}`} aria-label={`Loan ${r.identifier} of ${r.borrower.name || `applicant #${r.borrower.user_id}`}`}>
        <span className={styles.mono}>{r.identifier}</span>
      </Link>
    ),
  },
  {
    key: 'borrower',
    header: 'Borrower',
    cell: (r) => (
      <>
        {r.borrower.name || `Applicant #${r.borrower.user_id}`}
        <br />
        <small>{r.borrower.email}</small>
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (r) => GLOSSARY.loanStatuses[r.status] },
  { key: 'balance', header: 'Balance', align: 'end', cell: (r) => formatCents(r.balance) },
  { key: 'due', header: 'Next due', cell: (r) => (r.next_due_date ? formatDate(r.next_due_date) : '—') },
  { key: 'dpd', header: 'Days past due', align: 'end', cell: (r) => r.days_past_due },
  { key: 'repay', header: 'Repay method', cell: (r) => (r.repay_method ? REPAY_METHOD_LABELS[r.repay_method] : '—') },
];

/** The search box and the three filters: one form, its state in the URL. */
function LoanSearch({ params, onApply }: { params: LoanListParams; onApply: (next: URLSearchParams) => void }) {
  return (
    <FilterForm names={['q', 'status', 'dpd', 'repay_method']} onApply={onApply} role="search" title="Find a loan" submitLabel="Search" clearLabel="Clear">
      <TextField
        label="Search loans"
        name="q"
        type="search"
        defaultValue={params.q ?? ''}
        hint="Loan number (with or without dashes), #id, or the borrower’s name, e-mail or phone."
        autoComplete="off"
      />
      <Select label="Status" name="status" placeholder="Any status" options={STATUS_OPTIONS} defaultValue={params.status ?? ''} />
      <Select label="Days past due" name="dpd" placeholder="Any" options={DPD_OPTIONS} defaultValue={params.dpd ?? ''} />
      <Select label="Repay method" name="repay_method" placeholder="Any method" options={REPAY_OPTIONS} defaultValue={params.repay_method ?? ''} />
    </FilterForm>
  );
}

function countText(shown: number, total: number | null, more: boolean): string {
  if (shown === 0) return more ? 'No loan found yet: more loans remain to be searched.' : 'No loan matches this search.';
  const loans = (n: number) => `${n} ${n === 1 ? 'loan' : 'loans'}`;
  if (total !== null) return shown < total ? `Showing ${shown} of ${loans(total)}.` : `${loans(total)} found.`;
  return more ? `Showing ${loans(shown)}; more may match.` : `${loans(shown)} found.`;
}

function LoanResults({ params }: { params: LoanListParams }) {
  const list = useLoanList(params);
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Show more loans", keyboard users go on at the first loan just loaded.
  const focusFrom = useRef<number | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const count = items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    tableRef.current?.querySelectorAll<HTMLAnchorElement>('tbody a')[from]?.focus();
  }, [count]);
  if (list.isPending) return <LoadingBlock label="Loading loans…" />;
  if (list.isError) {
    return (
      <Alert kind="error" title="We could not load the loans.">
        <p>Reload the page to try again.</p>
      </Alert>
    );
  }
  const first = list.data.pages[0]!;
  const more = list.hasNextPage;
  const showMore = () => {
    focusFrom.current = count;
    void list.fetchNextPage();
  };
  return (
    <section className={styles.section} aria-labelledby="loans-results">
      <h2 id="loans-results">Results</h2>
      <p role="status" aria-live="polite">
        {countText(count, first.total, more)} Figures as of {formatDate(first.business_date)}.
      </p>
      <div ref={tableRef}>
        <Table caption="Loans" captionHidden columns={columns} rows={items} getRowKey={(r) => r.id} emptyMessage="No loan matches this search." />
      </div>
      {more ? (
        <p>
          <Button variant="secondary" onClick={showMore} loading={list.isFetchingNextPage}>
            Show more loans
          </Button>
        </p>
      ) : null}
    </section>
  );
}

/** Loans: the loan book searched by loan number, id, name, e-mail or phone, and filtered; each row opens its loan. */
export function LoansPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = loanListParamsFromUrl(searchParams);
  return (
    <StaffPage
      title="Loans"
      capability="read"
      lead="Newest first. Balances, next due dates and days past due are read from each loan’s ledger on the business date."
    >
      <LoanSearch key={searchParams.toString()} params={params} onApply={(next) => setSearchParams(next)} />
      <LoanResults params={params} />
    </StaffPage>
  );
}
