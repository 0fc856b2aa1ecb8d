import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEE_CHANGE_KIND_LABELS, ZBackofficeEmployeeChange, ZBackofficeEmployeeChanges, ZEmployeeChangeDone } from '@payrail/contract/employer-deductions';
import type { TBackofficeEmployeeChange } from '@payrail/contract/employer-deductions';
import { isApiError } from '@payrail/client/http-client';
import { formatDate } from '@payrail/client/format';
import { Button } from '@payrail/ui/button';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from '@payrail/ui/field';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { Badge } from '../../../components/badge';
import type { BadgeTone } from '../../../components/badge';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { PAYROLL_FREQUENCY_LABELS } from '@payrail/ui/labels';
import { QueryFallback } from '@payrail/ui/query-fallback';

const changesKey = (employerId: number) => ['employers', 'employee-changes', employerId] as const;

/** GET /api/backoffice/employee_changes?status=all&employer_id= (every role): what the employer reported, newest first. */
export function useEmployerEmployeeChanges(employerId: number) {
  return useQuery({
    queryKey: changesKey(employerId),
    queryFn: () => backofficeApi.get('/employee_changes', { query: { status: 'all', employer_id: employerId }, schema: ZBackofficeEmployeeChanges }),
  });
}

/** POST /api/backoffice/employee_changes/:id/done (restructure, audited); the list is refetched before the call resolves. */
export function useMarkEmployeeChangeDone(employerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      backofficeApi.post(`/employee_changes/${id}/done`, { note }, { schema: ZBackofficeEmployeeChange }),
    // Also after a 409 (another servicer closed it meanwhile): the list shows what is true now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: changesKey(employerId) }),
  });
}

const SERVICER_STATUS: Record<'open' | 'done' | 'none', { label: string; tone: BadgeTone }> = {
  open: { label: 'Open: servicer to act', tone: 'lender' },
  done: { label: 'Done', tone: 'success' },
  none: { label: 'Nothing to do', tone: 'neutral' },
};
const statusOf = (c: TBackofficeEmployeeChange) => SERVICER_STATUS[c.servicer_status ?? 'none'];

/** "Leave of absence, until 03/20/2031" — the kind with what makes it specific. */
function kindText(c: TBackofficeEmployeeChange): string {
  const label = EMPLOYEE_CHANGE_KIND_LABELS[c.kind];
  if (c.kind === 'leave' && c.leave_end_date) return `${label}, until ${formatDate(c.leave_end_date)}`;
  if (c.kind === 'pay_frequency' && c.new_pay_frequency) return `${label}, to ${PAYROLL_FREQUENCY_LABELS[c.new_pay_frequency].toLowerCase()}`;
  return label;
}

/** Open servicer tasks first, each group in the server's order (newest reported first). */
export function openFirst(changes: readonly TBackofficeEmployeeChange[]): TBackofficeEmployeeChange[] {
  return [...changes.filter((c) => c.servicer_status === 'open'), ...changes.filter((c) => c.servicer_status !== 'open')];
}

const NOTE_MIN = 5;
const NOTE_MAX = 1000;
const NOTE_REQUIRED = `Write what you did to align the borrower's schedule (at least ${NOTE_MIN} characters).`;

/**
 * The employer page's employee changes (issue #31, docs/employer-portal.md): the terminations, leaves and
 * pay-frequency changes the employer reported in the portal, open servicer tasks first, with what servicing
 * did. A pay-frequency change stays open until a servicer aligns the loan's schedule with the borrower (a
 * due-date change or a payment plan) and marks it done here with a note; staff without `restructure` see
 * the list only.
 */
export function EmployerEmployeeChanges({ employerId }: { employerId: number }) {
  const query = useEmployerEmployeeChanges(employerId);
  const done = useMarkEmployeeChangeDone(employerId);
  const canClose = useCan('restructure');
  const titleId = useId();
  const noteId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<TBackofficeEmployeeChange | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);

  // After a task is closed its button is gone: focus goes to the section's heading (this effect runs
  // after the dialog's own focus return, which found no button to go back to).
  useEffect(() => {
    if (focusHeading && pending === null) {
      headingRef.current?.focus();
      setFocusHeading(false);
    }
  }, [focusHeading, pending]);

  const close = () => {
    setPending(null);
    setNote('');
    setNoteError(null);
    done.reset();
  };

  const confirm = async () => {
    if (!pending) return;
    const parsed = ZEmployeeChangeDone.safeParse({ note });
    if (!parsed.success) {
      setNoteError(NOTE_REQUIRED);
      document.getElementById(noteId)?.focus();
      return;
    }
    setNoteError(null);
    try {
      await done.mutateAsync({ id: pending.id, note: parsed.data.note });
    } catch (err) {
      const fieldError = isApiError(err) ? err.fieldError('note') : undefined;
      if (fieldError) {
        done.reset();
        setNoteError(fieldError);
        document.getElementById(noteId)?.focus();
      }
      return;
    }
    notify.success(`The ${EMPLOYEE_CHANGE_KIND_LABELS[pending.kind].toLowerCase()} of ${pending.borrower_name} is marked done.`);
    setFocusHeading(true);
    close();
  };

  const columns: TableColumn<TBackofficeEmployeeChange>[] = [
    { key: 'kind', header: 'Change', cell: (c) => kindText(c) },
    {
      key: 'employee',
      header: 'Employee',
      cell: (c) => (
        <>
          <Link to={`/applications/${c.user_id}`}>{c.borrower_name}</Link>
          <br />
          <span className={styles.mono}>{c.employee_id}</span>
        </>
      ),
    },
    { key: 'effective', header: 'Effective', cell: (c) => formatDate(c.effective_date) },
    { key: 'outcome', header: 'What servicing did', cell: (c) => c.outcome_label },
    {
      key: 'loans',
      header: 'Loans',
      cell: (c) =>
        c.loan_ids.length === 0
          ? '—'
          : c.loan_ids.map((id, i) => (
              <span key={id}>
                {i > 0 ? ', ' : ''}
                <Link to={`/loans/${id}`}>Loan #{id}</Link>
              </span>
            )),
    },
    { key: 'reported', header: 'Reported', cell: (c) => formatDateTime(c.reported_at) },
    { key: 'status', header: 'Servicer status', cell: (c) => <Badge tone={statusOf(c).tone}>{statusOf(c).label}</Badge> },
  ];
  if (canClose) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (c) =>
        c.servicer_status === 'open' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setPending(c)}
            aria-label={`Mark done: ${EMPLOYEE_CHANGE_KIND_LABELS[c.kind].toLowerCase()} of ${c.borrower_name}`}
          >
            Mark done
          </Button>
        ) : (
          '—'
        ),
    });
  }

  const open = query.data?.changes.filter((c) => c.servicer_status === 'open').length ?? 0;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        Employee changes
      </h2>
      {!query.data ? (
        <QueryFallback query={query} loadingLabel="Loading the employee changes…" failure="The employee changes could not be loaded." />
      ) : query.data.changes.length === 0 ? (
        <p>The employer has not reported any termination, leave or pay-frequency change in the portal.</p>
      ) : (
        <>
          <p>
            {open === 0 ? 'No change is waiting for a servicer.' : `${open} ${open === 1 ? 'change is' : 'changes are'} waiting for a servicer.`} A
            pay-frequency change stays open until a servicer aligns the loan&apos;s schedule with the borrower (a due-date change or a payment plan) and marks
            it done.
          </p>
          <Table
            caption="Employee changes reported by the employer, open first"
            columns={columns}
            rows={openFirst(query.data.changes)}
            getRowKey={(c) => c.id}
            emptyMessage="No changes."
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        onClose={close}
        onConfirm={() => void confirm()}
        pending={done.isPending}
        error={done.isError ? errorMessage(done.error, 'The change could not be marked done. Please try again.') : null}
        title={pending ? `Mark the ${EMPLOYEE_CHANGE_KIND_LABELS[pending.kind].toLowerCase()} of ${pending.borrower_name} done?` : ''}
        description="Do this once the loan's schedule matches the borrower's new pay dates. Your note is recorded in the audit log."
        confirmLabel="Mark done"
      >
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={noteId}>What you did</FieldLabel>
          <FieldHint id={`${noteId}-hint`}>For example: &quot;Due-date change to the new Friday pay dates, accepted by the borrower.&quot;</FieldHint>
          <textarea
            id={noteId}
            className={fieldStyles.control}
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${noteId}-hint ${noteId}-error` : `${noteId}-hint`}
          />
          <FieldError id={`${noteId}-error`}>{noteError}</FieldError>
        </div>
      </ConfirmDialog>
    </section>
  );
}
