import { FactList } from '@payrail/ui/fact-list';
import { AgreementSignature } from '@payrail/ui/agreement-signature';
import { useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { PAYMENT_PLAN_KIND_LABELS, ZPaymentPlanSign } from '@payrail/contract/payment-plan';
import type { TBorrowerPaymentPlan, TPaymentPlanQuote } from '@payrail/contract/payment-plan';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { applyServerErrors, Form } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { downloadPaymentPlan, usePaymentPlans, useSignPaymentPlan } from '../api/payment-plans';
import { SignedAgreementActions } from '../../../components/agreements/signed-agreement-actions';
import { SIGNATURE_NAME_REQUIRED, signatureFields } from '../../../lib/agreement-signing';
import { serverMessageOr } from '../../../lib/server-message';
import styles from './payment-plans.module.css';

export const PAYMENT_PLAN_TEXT = {
  loadFailed: 'We could not load your payment plan. Please try again.',
  signFailed: 'We could not sign your payment plan. Please try again.',
  nameRequired: SIGNATURE_NAME_REQUIRED,
  agreeRequired: 'Please confirm that you agree to the payment plan.',
  none: 'There is no payment plan for this loan. If you are having trouble paying, please call us: we can propose one.',
} as const;

type Row = TPaymentPlanQuote['rows'][number];
const COLUMNS: readonly TableColumn<Row>[] = [
  { key: 'n', header: 'Payment', cell: (r) => String(r.n) },
  { key: 'due', header: 'Due date', cell: (r) => formatDate(r.due_date) },
  { key: 'principal', header: 'Principal', cell: (r) => formatCents(r.principal), align: 'end' },
  { key: 'interest', header: 'Interest', cell: (r) => formatCents(r.interest), align: 'end' },
  { key: 'arrears', header: 'Interest owed', cell: (r) => formatCents(r.arrears + r.fees), align: 'end' },
  { key: 'payment', header: 'Amount', cell: (r) => formatCents(r.payment), align: 'end' },
];

/** The Truth in Lending box of the plan, the loan before it, and its schedule. */
function Disclosure({ quote, id }: { quote: TPaymentPlanQuote; id: string }) {
  return (
    <>
      <p>
        {PAYMENT_PLAN_KIND_LABELS[quote.kind]}. Today your loan is {quote.before.days_past_due} days past due ({formatCents(quote.before.past_due)}), with
        payments of {formatCents(quote.before.payment_per_term)} at {quote.before.annual_rate_percent}% interest. With this plan you make {quote.installments}{' '}
        payments from {formatDate(quote.rows[0]?.due_date)} at {quote.annual_rate_percent}% interest; late fees of {formatCents(quote.fees_waived)} are waived.
      </p>
      <h3 id={`${id}-tila`}>Truth in Lending disclosure</h3>
      <FactList
        className={styles.box}
        aria-labelledby={`${id}-tila`}
        facts={[
          { label: 'Annual percentage rate', value: `${quote.apr}%` },
          { label: 'Finance charge', value: formatCents(quote.finance_charge) },
          { label: 'Amount financed', value: formatCents(quote.amount_financed) },
          { label: 'Total of payments', value: formatCents(quote.total_of_payments) },
        ]}
      />
      <p>
        The amount financed is the principal you owe ({formatCents(quote.principal)}) and the interest you owe today ({formatCents(quote.arrears)}), which is
        spread over your payments without any more interest.
      </p>
      <Table caption="Your payment schedule with the plan" columns={COLUMNS} rows={quote.rows} getRowKey={(r) => r.n} maxHeight="28rem" />
    </>
  );
}

function SignedPlan({ plan, save, focus }: { plan: TBorrowerPaymentPlan; save: (blob: Blob, fileName: string) => void; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className={styles.card} aria-labelledby={`plan-${plan.id}-done`}>
      <h2 id={`plan-${plan.id}-done`} ref={heading} tabIndex={-1}>
        Your payment plan is in force
      </h2>
      <p>
        You signed it as {plan.signature_name} on {formatDate(plan.signed_at)}. The signed agreement is in your loan documents.
      </p>
      {plan.quote ? <Disclosure quote={plan.quote} id={`plan-${plan.id}`} /> : null}
      <SignedAgreementActions
        className={styles.row}
        pdf={plan.document ? { fetch: () => downloadPaymentPlan(plan.id), fileName: plan.document.file_name } : null}
        save={save}
      />
    </section>
  );
}

/**
 * The signature: the typed full legal name and the consent (the messages here), then the contract's sign
 * request (`as_of` is added from the figures the borrower reviewed).
 */
export const signPaymentPlanSchema = z.object(signatureFields(PAYMENT_PLAN_TEXT.agreeRequired)).pipe(ZPaymentPlanSign.omit({ as_of: true }));

function ProposedPlan({ plan, loanId, onSigned }: { plan: TBorrowerPaymentPlan; loanId: number; onSigned: () => void }) {
  const sign = useSignPaymentPlan(loanId);
  const id = `plan-${plan.id}`;
  if (!plan.quote) {
    return (
      <Alert kind="warning" title="This payment plan can no longer be signed">
        {plan.refusal}
      </Alert>
    );
  }
  const quote = plan.quote;
  return (
    <Form
      className={styles.card}
      aria-labelledby={`${id}-title`}
      schema={signPaymentPlanSchema}
      options={{ mode: 'onSubmit', defaultValues: { signature_name: '', agree: false } }}
      submitError={(error) => serverMessageOr(error, PAYMENT_PLAN_TEXT.signFailed)}
      onSubmit={async (signature, form) => {
        try {
          await sign.mutateAsync({ planId: plan.id, body: { ...signature, as_of: quote.effective_date } });
        } catch (error) {
          // The server's word on a field goes under it; any other refusal is the form's.
          if (applyServerErrors(form, error, ['signature_name', 'agree'])) return;
          throw error;
        }
        onSigned();
      }}
    >
      {() => (
        <>
          <h2 id={`${id}-title`}>Review and sign your payment plan</h2>
          <p>Please sign by {formatDate(plan.expires_on)}: after that the plan expires. It applies only once you sign.</p>
          <Disclosure quote={quote} id={id} />
          <AgreementSignature
            id={`${id}-agreement`}
            title="Payment plan agreement"
            paragraphs={plan.agreement.paragraphs}
            agreeLabel="I agree to this payment plan and to sign it electronically."
          />
          <div className={styles.row}>
            <Button type="submit" loading={sign.isPending}>
              Sign the payment plan
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/**
 * Payment plan (issue #32): the plan a servicer proposed for the borrower's loan — what changes, the Truth
 * in Lending re-disclosure, the new schedule and the agreement — signed with the typed full legal name and
 * consent; then the plan in force with its signed PDF. Every refusal shows the server's message.
 */
export function PaymentPlanPage({ loanId, save }: { loanId: number; save: (blob: Blob, fileName: string) => void }) {
  const plans = usePaymentPlans(loanId);
  const [signedId, setSignedId] = useState<number | null>(null);
  if (plans.isPending) return <LoadingBlock label="Loading your payment plan…" />;
  if (plans.isError || !plans.data) {
    return (
      <div className={styles.page}>
        <h1>Payment plan</h1>
        <Alert kind="error">{serverMessageOr(plans.error, PAYMENT_PLAN_TEXT.loadFailed)}</Alert>
      </div>
    );
  }
  const open = plans.data.plans.find((p) => p.status === 'proposed');
  const signed = plans.data.plans.filter((p) => p.status === 'accepted');
  const ended = plans.data.plans.filter((p) => p.status === 'expired');
  return (
    <div className={styles.page}>
      <h1>Payment plan</h1>
      {open ? <ProposedPlan key={open.id} plan={open} loanId={loanId} onSigned={() => setSignedId(open.id)} /> : null}
      {signed.map((p) => (
        <SignedPlan key={p.id} plan={p} save={save} focus={p.id === signedId} />
      ))}
      {ended.map((p) => (
        <Alert key={p.id} kind="info" title={`The plan proposed on ${formatDate(p.proposed_on)} expired`}>
          {p.refusal}
        </Alert>
      ))}
      {plans.data.plans.length === 0 ? <p>{PAYMENT_PLAN_TEXT.none}</p> : null}
    </div>
  );
}
