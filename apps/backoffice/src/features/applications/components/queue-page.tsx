import { useState } from 'react';
import { Checkbox } from '@payrail/ui/checkbox';
import { Select } from '@payrail/ui/select';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { formatCents } from '@payrail/client/format';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { QUEUE_SORTS, SORT_DIRS } from '@payrail/contract/backoffice';
import type { TQueueItem } from '@payrail/contract/backoffice';
import { StatusBadge, WaitingOnBadge } from '../../../components/badge';
import { FilterForm, useUrlFilters } from '@payrail/ui/filter-form';
import { PagedTable } from '../../../components/paged-table';
import { useQueue } from '../api/queue';
import type { QueueParams } from '../api/queue';
import { useStates } from '../api/get-states';
import { useEmployerSearch } from '../api/search-employers';
import { formatDateTime, humanize } from '../../../lib/labels';
import queueStyles from './queue-page.module.css';
import { StaffPage } from '../../../components/staff-page';
import { borrowerColumn } from '../../../components/borrower-column';

export const QUEUE_PER_PAGE = 25;

const SORT_OPTIONS = QUEUE_SORTS.flatMap((sort) =>
  SORT_DIRS.map((dir) => ({
    value: `${sort}:${dir}`,
    label: `${humanize(sort)} (${sort === 'status' ? (dir === 'asc' ? 'A–Z' : 'Z–A') : dir === 'asc' ? 'oldest first' : 'newest first'})`,
  })),
);

const STATUS_OPTIONS = WORKFLOW_STATUSES.map((status) => ({ value: status, label: humanize(status) }));

function intParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The queue call's parameters, read from the page URL (so a filtered queue can be bookmarked and shared). */
export function queueParamsFromUrl(params: URLSearchParams): QueueParams {
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    status: params.get('status') || undefined,
    employer_id: intParam(params, 'employer_id') || undefined,
    state_id: intParam(params, 'state_id') || undefined,
    age_days_min: intParam(params, 'age_days_min'),
    age_days_max: intParam(params, 'age_days_max'),
    sort: (QUEUE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as QueueParams['sort']) : 'updated_at',
    dir: (SORT_DIRS as readonly string[]).includes(dir ?? '') ? (dir as QueueParams['dir']) : 'desc',
    page: intParam(params, 'page') || 1,
    per_page: QUEUE_PER_PAGE,
    ...(params.get('ready_to_fund') === 'true' ? { ready_to_fund: 'true' as const } : {}),
  };
}

const columns: TableColumn<TQueueItem>[] = [
  borrowerColumn,
  // Status and who it waits on share a column (stacked), so the queue fits a 1280 px screen.
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className={queueStyles.stack}>
        <StatusBadge status={row.status} />
        <WaitingOnBadge value={row.waiting_on} />
      </span>
    ),
  },
  { key: 'employer', header: 'Employer', cell: (row) => row.employer?.name ?? '—' },
  { key: 'state', header: 'State', cell: (row) => row.state ?? '—' },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => (row.amount_cents === null ? '—' : formatCents(row.amount_cents)) },
  { key: 'age', header: 'Age (days)', align: 'end', cell: (row) => row.age_days },
  { key: 'updated', header: 'Last update', cell: (row) => <span className={queueStyles.when}>{formatDateTime(row.updated_at)}</span> },
];

function EmployerFilter({ selectedId }: { selectedId: number | undefined }) {
  const [search, setSearch] = useState('');
  const employers = useEmployerSearch(search);
  const options = (employers.data ?? []).map((e) => ({ value: String(e.id), label: e.name }));
  if (selectedId !== undefined && !options.some((o) => o.value === String(selectedId))) {
    options.unshift({ value: String(selectedId), label: `Employer #${selectedId}` });
  }
  return (
    <>
      <TextField
        label="Search employers"
        type="search"
        hint="Type 3 or more letters."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
      <Select
        label="Employer"
        name="employer_id"
        placeholder="Any employer"
        options={options}
        defaultValue={selectedId === undefined ? '' : String(selectedId)}
        key={options.length}
      />
    </>
  );
}

function QueueFilters({ params, onApply }: { params: QueueParams; onApply: (next: URLSearchParams) => void }) {
  const states = useStates();
  const stateOptions = (states.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.abbreviation})` }));
  const [ageError, setAgeError] = useState<string | undefined>();

  const refine = (next: URLSearchParams, data: FormData) => {
    const min = next.get('age_days_min');
    const max = next.get('age_days_max');
    if (min !== null && max !== null && Number(min) > Number(max)) {
      setAgeError('The minimum age must not be more than the maximum.');
      return false;
    }
    setAgeError(undefined);
    const [sort, dir] = String(data.get('sort') ?? 'updated_at:desc').split(':');
    next.set('sort', sort ?? 'updated_at');
    next.set('dir', dir ?? 'desc');
    return true;
  };

  return (
    <FilterForm names={['status', 'employer_id', 'state_id', 'age_days_min', 'age_days_max', 'ready_to_fund']} refine={refine} onApply={onApply}>
      <Select label="Status" name="status" placeholder="Any status" options={STATUS_OPTIONS} defaultValue={params.status ?? ''} />
      <EmployerFilter selectedId={params.employer_id} />
      <Select
        label="State"
        name="state_id"
        placeholder={states.isPending ? 'Loading states…' : 'Any state'}
        options={stateOptions}
        defaultValue={params.state_id === undefined ? '' : String(params.state_id)}
        key={stateOptions.length}
      />
      <TextField
        label="Age from (days)"
        name="age_days_min"
        type="number"
        inputMode="numeric"
        min={0}
        defaultValue={params.age_days_min ?? ''}
        error={ageError}
      />
      <TextField label="Age to (days)" name="age_days_max" type="number" inputMode="numeric" min={0} defaultValue={params.age_days_max ?? ''} />
      <Checkbox
        label="Ready to fund only"
        name="ready_to_fund"
        value="true"
        hint="Approved and signed, not funded yet."
        defaultChecked={params.ready_to_fund === 'true'}
      />
      <Select label="Sort by" name="sort" options={SORT_OPTIONS} defaultValue={`${params.sort ?? 'updated_at'}:${params.dir ?? 'desc'}`} />
    </FilterForm>
  );
}

function QueueResults({ params, onPage }: { params: QueueParams; onPage: (page: number) => void }) {
  return (
    <PagedTable
      query={useQueue(params)}
      loadingLabel="Loading the queue…"
      errorTitle="We could not load the queue."
      errorDetail={<p>Reload the page to try again.</p>}
      caption="Applications"
      columns={columns}
      getRowKey={(row) => row.user_id}
      emptyMessage="No application matches these filters."
      pagesLabel="Queue pages"
      onPage={onPage}
    />
  );
}

export function QueuePage() {
  const { searchParams, filtersKey, apply, goToPage } = useUrlFilters({ focusMainOnPage: true });
  const params = queueParamsFromUrl(searchParams);
  return (
    <StaffPage
      title="Review queue"
      capability="read"
      lead="Applications by status. “Waiting on lender” rows need a decision from us; “Funding queue” rows are approved and signed, waiting for a servicer to fund them."
    >
      <QueueFilters key={filtersKey} params={params} onApply={apply} />
      <QueueResults params={params} onPage={goToPage} />
    </StaffPage>
  );
}
