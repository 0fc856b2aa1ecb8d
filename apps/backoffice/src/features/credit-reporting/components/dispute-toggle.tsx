import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { COMPLIANCE_CODE_LABELS, DISPUTE_OUTCOME_LABELS, DISPUTE_OUTCOMES } from '@payrail/contract/credit-reporting';
import type { DisputeOutcome, TCreditDispute } from '@payrail/contract/credit-reporting';
import { errorMessage } from '../../../lib/errors';
import { formatUsDate } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { useLoanDisputes, useOpenDispute, useResolveDispute } from '../api/credit-reporting';
import styles from '@payrail/ui/styles/staff-page.module.css';

function OpenDisputeForm({ loanId }: { loanId: number }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = useOpenDispute(loanId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim() === '') return setError('Say what the borrower disputes.');
    setError(undefined);
    open.mutate({ note }, { onSuccess: () => (setNote(''), notify.success('Dispute flagged: the next credit file reports XB.')) });
  };
  return (
    <form onSubmit={submit} className={styles.stack} noValidate>
      <TextField label="What the borrower disputes" value={note} onChange={(e) => setNote(e.target.value)} error={error} maxLength={1000} />
      {open.isError ? (
        <Alert kind="error" assertive>
          {errorMessage(open.error)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={open.isPending}>
          Flag a dispute
        </Button>
      </div>
    </form>
  );
}

function ResolveDisputeForm({ loanId, dispute }: { loanId: number; dispute: TCreditDispute }) {
  const [outcome, setOutcome] = useState<DisputeOutcome>('resolved');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resolve = useResolveDispute(loanId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim() === '') return setError('Say what the investigation found.');
    setError(undefined);
    resolve.mutate(
      { disputeId: dispute.id, outcome, note },
      { onSuccess: (d) => notify.success(`Dispute resolved: the next credit file reports ${d.compliance_condition_code ?? ''}.`) },
    );
  };
  return (
    <form onSubmit={submit} className={styles.stack} noValidate>
      <Select
        label="Outcome of the investigation"
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as DisputeOutcome)}
        options={DISPUTE_OUTCOMES.map((o) => ({ value: o, label: DISPUTE_OUTCOME_LABELS[o] }))}
      />
      <TextField label="What the investigation found" value={note} onChange={(e) => setNote(e.target.value)} error={error} maxLength={1000} />
      {resolve.isError ? (
        <Alert kind="error" assertive>
          {errorMessage(resolve.error)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={resolve.isPending}>
          Resolve the dispute
        </Button>
      </div>
    </form>
  );
}

/**
 * The loan's credit reporting dispute (FCRA): whether the borrower disputes what is furnished, the
 * compliance condition code the next Metro 2 file carries (XB open, XH / XC resolved), and — for servicing
 * staff — flag a dispute or resolve the open one. Every staff role reads it.
 */
export function DisputeToggle({ loanId }: { loanId: number }) {
  const data = useLoanDisputes(loanId);
  const canAct = useCan('creditDisputes');
  const body = () => {
    if (data.isPending) return <LoadingBlock label="Loading the credit reporting disputes…" />;
    if (!data.data) return <Alert kind="error">{errorMessage(data.error)}</Alert>;
    const { compliance_condition_code: code, disputes } = data.data;
    const open = disputes.find((d) => d.status === 'open');
    return (
      <div className={styles.stack}>
        <p role="status">
          {code
            ? `Reported with compliance condition code ${code}: ${COMPLIANCE_CODE_LABELS[code] ?? code}.`
            : 'No dispute: the account is reported without a compliance condition code.'}
        </p>
        {disputes.length > 0 ? (
          <ul>
            {disputes.map((d) => (
              <li key={d.id}>
                {d.status === 'open' ? 'Open' : 'Resolved'} ({d.compliance_condition_code}) — flagged {formatUsDate(d.opened_on)} by {d.opened_by}: {d.note}
                {d.status === 'resolved' ? ` Resolved ${formatUsDate(d.resolved_on)} by ${d.resolved_by ?? '—'}: ${d.resolution_note ?? ''}` : null}
              </li>
            ))}
          </ul>
        ) : null}
        {canAct ? open ? <ResolveDisputeForm loanId={loanId} dispute={open} /> : <OpenDisputeForm loanId={loanId} /> : null}
      </div>
    );
  };
  return (
    <section className={styles.section} aria-labelledby="loan-credit-dispute">
      <h2 id="loan-credit-dispute">Credit reporting dispute</h2>
      {body()}
    </section>
  );
}
