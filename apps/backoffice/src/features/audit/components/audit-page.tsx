import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { auditValueKinds } from '@payrail/contract/audit';
import type { AuditValueKind } from '@payrail/contract/audit';
import type { TAuditItem } from '@payrail/contract/backoffice';
import { FilterForm, useUrlFilters } from '@payrail/ui/filter-form';
import { PagedTable } from '../../../components/paged-table';
import { useAudit } from '../api/audit';
import type { AuditParams } from '../api/audit';
import { display, fieldLabel, formatDateTime, formatUsDate, humanize } from '../../../lib/labels';
import { formatCents, formatPercent } from '@payrail/client/format';
import auditStyles from './audit-page.module.css';
import { ROLE_LABELS } from '../../../lib/staff-session';
import { StaffPage } from '../../../components/staff-page';

export const AUDIT_PER_PAGE = 50;

/** Action names the server records today; the field still takes any text. */
export const KNOWN_AUDIT_ACTIONS = [
  'reveal_ssn',
  'view_document',
  'fund',
  'approve',
  'approve_allotment',
  'employer_review',
  'decline',
  'deny',
  'create_presigned_link',
  'start_system_event',
  'end_system_event',
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function auditParamsFromUrl(params: URLSearchParams): AuditParams {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    staff_id: positiveInt(params.get('staff_id')),
    action: params.get('action')?.trim() || undefined,
    user_id: positiveInt(params.get('user_id')),
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    per_page: AUDIT_PER_PAGE,
  };
}

const NO_KINDS: ReadonlyMap<string, AuditValueKind> = new Map();

/**
 * One recorded value as staff read it, by the type the contract's snapshot of the action gives its key
 * (`auditValueKinds`: money as dollars, percentages as "28.58%", calendar days as MM/DD/YYYY — never
 * guessed from a name); statuses and codes humanized; timestamps and ISO days as dates.
 */
function valueText(key: string, value: unknown, kinds: ReadonlyMap<string, AuditValueKind>): string {
  const kind = kinds.get(key);
  if (Array.isArray(value)) return value.map((v) => valueText(key, v, kinds)).join(', ') || '—';
  if (kind === 'money' && typeof value === 'number') return formatCents(value);
  if (kind === 'percent' && (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))))
    return formatPercent(value);
  if (kind === 'date' && typeof value === 'string') return formatUsDate(value);
  if (typeof value === 'string' && /(status|type|action|method|field|reason)$/.test(key)) return humanize(value);
  // Nested records (feedback requests, ACH return lines) hold no typed value in any described snapshot.
  if (value && typeof value === 'object')
    return (
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${fieldLabel(k)}: ${valueText(k, v, NO_KINDS)}`)
        .join('; ') || '—'
    );
  return display(value);
}

function entries(record: unknown): [string, unknown][] {
  return record && typeof record === 'object' && !Array.isArray(record) ? Object.entries(record as Record<string, unknown>) : [];
}

/** The before/after of an audit row as labelled lines that wrap inside the table (not raw JSON). */
function Changes({ item }: { item: TAuditItem }) {
  const groups = [
    ['Before', entries(item.before), auditValueKinds(item.action, 'before')],
    ['After', entries(item.after), auditValueKinds(item.action, 'after')],
  ] as const;
  const shown = groups.filter(([, rows]) => rows.length > 0);
  if (shown.length === 0) return <>—</>;
  return (
    <div className={auditStyles.changes}>
      {shown.map(([title, rows, kinds]) => (
        <div key={title}>
          {shown.length > 1 || title === 'Before' ? <strong>{title}</strong> : null}
          <ul>
            {rows.map(([key, value]) => (
              <li key={key}>
                {fieldLabel(key)}: {valueText(key, value, kinds)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** "First Last (#id)"; "#id" alone while the applicant has not given a name. */
function applicantLabel(id: number, name: string | null): string {
  return name ? `${name} (#${id})` : `#${id}`;
}

const columns: TableColumn<TAuditItem>[] = [
  { key: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
  { key: 'staff', header: 'Staff', cell: (r) => (r.staff ? `${r.staff.name} (${ROLE_LABELS[r.staff.role]})` : 'System') },
  { key: 'action', header: 'Action', cell: (r) => humanize(r.action) },
  {
    key: 'user',
    header: 'Applicant',
    cell: (r) => (r.target_user_id ? <Link to={`/applications/${r.target_user_id}`}>{applicantLabel(r.target_user_id, r.target_user_name)}</Link> : '—'),
  },
  { key: 'changes', header: 'Details', cell: (r) => <Changes item={r} /> },
];

function AuditFilters({ params, onApply }: { params: AuditParams; onApply: (next: URLSearchParams) => void }) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const refine = (next: URLSearchParams) => {
    const from = next.get('from');
    const to = next.get('to');
    const wrongOrder = Boolean(from && to && from > to);
    setError(wrongOrder ? 'The start date must be on or before the end date.' : undefined);
    return !wrongOrder;
  };
  return (
    <FilterForm names={['staff_id', 'action', 'user_id', 'from', 'to']} refine={refine} onApply={onApply}>
      <TextField label="Staff id" name="staff_id" type="number" inputMode="numeric" min={1} defaultValue={params.staff_id ?? ''} />
      <TextField
        label="Action"
        name="action"
        hint="For example reveal_ssn, view_document, fund."
        list={`${id}-actions`}
        autoComplete="off"
        defaultValue={params.action ?? ''}
      />
      <datalist id={`${id}-actions`}>
        {KNOWN_AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <TextField label="Applicant (user id)" name="user_id" type="number" inputMode="numeric" min={1} defaultValue={params.user_id ?? ''} />
      <TextField label="From" name="from" type="date" defaultValue={params.from ?? ''} error={error} />
      <TextField label="To" name="to" type="date" defaultValue={params.to ?? ''} />
    </FilterForm>
  );
}

function AuditResults({ params, onPage }: { params: AuditParams; onPage: (page: number) => void }) {
  return (
    <PagedTable
      query={useAudit(params)}
      loadingLabel="Loading the audit log…"
      errorTitle="We could not load the audit log."
      caption="Audit log entries"
      columns={columns}
      getRowKey={(r) => r.id}
      emptyMessage="No entry matches these filters."
      pagesLabel="Audit log pages"
      onPage={onPage}
    />
  );
}

export function AuditPage() {
  const { searchParams, filtersKey, apply, goToPage } = useUrlFilters();
  const params = auditParamsFromUrl(searchParams);
  return (
    <StaffPage title="Audit log" capability="audit" lead="Every staff action on borrower data, newest first.">
      <AuditFilters key={filtersKey} params={params} onApply={apply} />
      <AuditResults params={params} onPage={goToPage} />
    </StaffPage>
  );
}
