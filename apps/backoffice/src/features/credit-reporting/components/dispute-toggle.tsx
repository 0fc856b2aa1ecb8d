import { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form, FormError } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { COMPLIANCE_CODE_LABELS, DISPUTE_OUTCOME_LABELS, DISPUTE_OUTCOMES, ZOpenDispute, ZResolveDispute } from '@payrail/contract/credit-reporting';
import type { TCreditDispute } from '@payrail/contract/credit-reporting';
import { errorMessage } from '@payrail/ui/error-message';
import { formatUsDate } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { useLoanDisputes } from '../api/get-loan-disputes';
import { useOpenDispute } from '../api/open-dispute';
import { useResolveDispute } from '../api/resolve-dispute';
import styles from '@payrail/ui/styles/staff-page.module.css';

const openSchema = z.object({ note: z.string().trim().min(1, 'Say what the borrower disputes.') }).pipe(ZOpenDispute);
const resolveSchema = z
  .object({ outcome: ZResolveDispute.shape.outcome, note: z.string().trim().min(1, 'Say what the investigation found.') })
  .pipe(ZResolveDispute);
const OUTCOME_OPTIONS = DISPUTE_OUTCOMES.map((o) => ({ value: o, label: DISPUTE_OUTCOME_LABELS[o] }));

function OpenDisputeForm({ loanId }: { loanId: number }) {
  const open = useOpenDispute(loanId);
  return (
    <Form
      schema={openSchema}
      options={{ mode: 'onSubmit', defaultValues: { note: '' } }}
      submitError={(err) => errorMessage(err)}
      onSubmit={async (body, form) => {
        await open.mutateAsync(body);
        form.reset();
        notify.success('Dispute flagged: the next credit file reports XB.');
      }}
      className={styles.stack}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextField label="What the borrower disputes" error={errors.note?.message} maxLength={1000} {...register('note')} />
          <FormError />
          <div>
            <Button type="submit" loading={open.isPending}>
              Flag a dispute
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

function ResolveDisputeForm({ loanId, dispute }: { loanId: number; dispute: TCreditDispute }) {
  const resolve = useResolveDispute(loanId);
  return (
    <Form
      schema={resolveSchema}
      options={{ mode: 'onSubmit', defaultValues: { outcome: 'resolved', note: '' } }}
      submitError={(err) => errorMessage(err)}
      onSubmit={async (body) => {
        const d = await resolve.mutateAsync({ disputeId: dispute.id, ...body });
        notify.success(`Dispute resolved: the next credit file reports ${d.compliance_condition_code ?? ''}.`);
      }}
      className={styles.stack}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Select label="Outcome of the investigation" options={OUTCOME_OPTIONS} {...register('outcome')} />
          <TextField label="What the investigation found" error={errors.note?.message} maxLength={1000} {...register('note')} />
          <FormError />
          <div>
            <Button type="submit" loading={resolve.isPending}>
              Resolve the dispute
            </Button>
          </div>
        </>
      )}
    </Form>
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
