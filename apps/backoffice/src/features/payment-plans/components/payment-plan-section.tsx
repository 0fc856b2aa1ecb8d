import { useId, useState } from 'react';
import { z } from 'zod';
import { PAYMENT_PLAN_KIND_LABELS, PAYMENT_PLAN_STATUS_LABELS, ZPaymentPlanKind, ZPaymentPlanWithdraw } from '@payrail/contract/payment-plan';
import type { PaymentPlanKind, TPaymentPlan, TPaymentPlanProposal, TPaymentPlanQuote, TPaymentPlanTerms } from '@payrail/contract/payment-plan';
import { isApiError } from '@payrail/client/http-client';
import { formatCents, formatPercent } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { applyServerErrors, Form, FormError } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { Table } from '@payrail/ui/table';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import pageStyles from '@payrail/ui/styles/staff-page.module.css';
import { DownloadButton } from '../../../components/download-button';
import { FactList } from '@payrail/ui/fact-list';
import { formatUsDate } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { downloadPaymentPlan } from '../api/download-payment-plan';
import { useLoanPaymentPlans } from '../api/get-payment-plans';
import { usePreviewPaymentPlan } from '../api/preview-payment-plan';
import { useProposePaymentPlan } from '../api/propose-payment-plan';
import { useWithdrawPaymentPlan } from '../api/withdraw-payment-plan';
import { QueryFallback } from '@payrail/ui/query-fallback';

/** The re-disclosure of a plan: the federal box and the schedule. */
export function PlanQuote({ quote, caption }: { quote: TPaymentPlanQuote; caption: string }) {
  return (
    <>
      <FactList
        className={pageStyles.dl}
        facts={[
          { label: 'Annual percentage rate', value: formatPercent(quote.apr) },
          { label: 'Finance charge', value: formatCents(quote.finance_charge) },
          {
            label: 'Amount financed',
            value: `${formatCents(quote.amount_financed)} (principal ${formatCents(quote.principal)} + interest owed ${formatCents(quote.arrears)})`,
          },
          { label: 'Total of payments', value: formatCents(quote.total_of_payments) },
          { label: 'Interest rate', value: `${formatPercent(quote.annual_rate_percent)} (was ${formatPercent(quote.before.annual_rate_percent)})` },
          { label: 'Late fees waived', value: formatCents(quote.fees_waived) },
          {
            label: 'Before the plan',
            value: `${formatCents(quote.before.payment_per_term)} a payment, ${quote.before.days_past_due} days past due (${formatCents(quote.before.past_due)}), last payment ${formatUsDate(quote.before.maturity_date)}`,
          },
        ]}
      />
      <Table
        caption={caption}
        rows={quote.rows}
        getRowKey={(r) => String(r.n)}
        columns={[
          { key: 'n', header: 'Payment', cell: (r) => String(r.n) },
          { key: 'due', header: 'Due date', cell: (r) => formatUsDate(r.due_date) },
          { key: 'principal', header: 'Principal', align: 'end', cell: (r) => formatCents(r.principal) },
          { key: 'interest', header: 'Interest', align: 'end', cell: (r) => formatCents(r.interest) },
          { key: 'arrears', header: 'Interest owed', align: 'end', cell: (r) => formatCents(r.arrears + r.fees) },
          { key: 'payment', header: 'Amount', align: 'end', cell: (r) => formatCents(r.payment) },
          { key: 'balance', header: 'Balance', align: 'end', cell: (r) => formatCents(r.balance) },
        ]}
      />
    </>
  );
}

function PlanActions({ loanId, plan, canRestructure }: { loanId: number; plan: TPaymentPlan; canRestructure: boolean }) {
  const id = useId();
  const withdraw = useWithdrawPaymentPlan(loanId);
  const [open, setOpen] = useState(false);
  if (plan.status === 'accepted' && plan.document) {
    const fileName = plan.document.file_name;
    return (
      <DownloadButton
        fetchFile={() => downloadPaymentPlan(loanId, plan.id)}
        fileName={fileName}
        failure="We could not download the signed plan. Please try again."
        label={`Download the signed payment plan ${plan.id}`}
      >
        Signed PDF
      </DownloadButton>
    );
  }
  if (plan.status !== 'proposed' || !canRestructure) return null;
  if (!open)
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Withdraw
      </Button>
    );
  return (
    <Form
      schema={withdrawSchema}
      options={{ mode: 'onSubmit', defaultValues: { reason: '' } }}
      onSubmit={async (body, form) => {
        try {
          await withdraw.mutateAsync({ planId: plan.id, ...body });
          notify.success('The proposal is withdrawn.');
        } catch (err) {
          const message = isApiError(err) ? (err.serverMessage ?? err.fieldError('reason') ?? err.message) : 'The proposal could not be withdrawn.';
          form.setError('reason', { type: 'server', message });
        }
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextField
            label={`Reason for withdrawing plan ${plan.id}`}
            id={`${id}-reason`}
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Button type="submit" size="sm" variant="danger" loading={withdraw.isPending}>
            Withdraw the proposal
          </Button>
        </>
      )}
    </Form>
  );
}

const withdrawSchema = z.object({ reason: z.string().trim().min(5, 'Please give the reason for withdrawing.') }).pipe(ZPaymentPlanWithdraw);

const TERM_FIELDS = ['kind', 'installments', 'annual_rate_percent', 'first_due_date'] as const;
const KIND_OPTIONS = (Object.keys(PAYMENT_PLAN_KIND_LABELS) as PaymentPlanKind[]).map((k) => ({ value: k, label: PAYMENT_PLAN_KIND_LABELS[k] }));

/** What the servicer typed, as the form holds it (text), before it is read into terms. */
interface PlanDraft {
  kind: PaymentPlanKind;
  installments: string;
  annual_rate_percent: string;
  first_due_date: string;
  reason: string;
}

/** The terms of the draft as the server reads them (a spread over the past due takes none). */
const termsOf = (draft: PlanDraft): TPaymentPlanTerms =>
  draft.kind === 'spread_past_due'
    ? { kind: draft.kind }
    : {
        kind: draft.kind,
        installments: Number.parseInt(draft.installments, 10),
        annual_rate_percent: draft.annual_rate_percent.trim(),
        first_due_date: draft.first_due_date || undefined,
      };

/** Proposing checks the reason here; the terms are the server's to judge (the preview shows its answer). */
const proposeSchema = z
  .object({
    kind: ZPaymentPlanKind,
    installments: z.string(),
    annual_rate_percent: z.string(),
    first_due_date: z.string(),
    reason: z.string().trim().min(10, 'Please say why the plan is offered (at least 10 characters).'),
  })
  .transform((draft): TPaymentPlanProposal => ({ ...termsOf(draft), reason: draft.reason }));

function ProposeForm({ loanId, businessDate, rateInForce }: { loanId: number; businessDate: string; rateInForce: string }) {
  const id = useId();
  const preview = usePreviewPaymentPlan(loanId);
  const propose = useProposePaymentPlan(loanId);
  const [quote, setQuote] = useState<{ terms: string; quote: TPaymentPlanQuote } | null>(null);
  const submitError = (err: unknown) => (isApiError(err) ? (err.serverMessage ?? err.message) : 'The request failed. Please try again.');

  return (
    <Form
      schema={proposeSchema}
      options={{
        mode: 'onSubmit',
        defaultValues: { kind: 're_amortize' as PaymentPlanKind, installments: '12', annual_rate_percent: rateInForce, first_due_date: '', reason: '' },
      }}
      submitError={submitError}
      onSubmit={async (proposal, form) => {
        try {
          await propose.mutateAsync(proposal);
        } catch (err) {
          if (applyServerErrors(form, err, [...TERM_FIELDS, 'reason'])) return;
          throw err;
        }
        notify.success('The plan is proposed: the borrower was told and can review and sign it.');
        setQuote(null);
        form.resetField('reason');
      }}
      aria-labelledby={`${id}-title`}
    >
      {(form) => {
        const { register, watch, getValues, clearErrors, setError, formState } = form;
        const { errors } = formState;
        const kind = watch('kind');
        const key = JSON.stringify(termsOf(watch()));
        const current = quote && quote.terms === key ? quote.quote : null;
        const onPreview = () => {
          clearErrors();
          const terms = termsOf(getValues());
          preview.mutate(terms, {
            onSuccess: (q) => setQuote({ terms: JSON.stringify(terms), quote: q }),
            onError: (err) => {
              setQuote(null);
              if (!applyServerErrors(form, err, TERM_FIELDS)) setError('root.server', { type: 'server', message: submitError(err) });
            },
          });
        };
        return (
          <>
            <h3 id={`${id}-title`}>Propose a payment plan</h3>
            <FormError />
            <Select label="Kind of plan" options={KIND_OPTIONS} error={errors.kind?.message} {...register('kind')} />
            {kind === 're_amortize' ? (
              <>
                <TextField label="Number of payments" inputMode="numeric" error={errors.installments?.message} {...register('installments')} />
                <TextField
                  label="Interest rate (%)"
                  hint={`At most the rate in force, ${formatPercent(rateInForce)}.`}
                  inputMode="decimal"
                  error={errors.annual_rate_percent?.message}
                  {...register('annual_rate_percent')}
                />
                <TextField
                  label="First due date"
                  type="date"
                  hint={`Business date ${formatUsDate(businessDate)}.`}
                  error={errors.first_due_date?.message}
                  {...register('first_due_date')}
                />
              </>
            ) : null}
            <Button type="button" variant="secondary" loading={preview.isPending} onClick={onPreview}>
              Preview the plan
            </Button>
            {current ? <PlanQuote quote={current} caption="Revised schedule if signed today" /> : null}
            <TextAreaField label="Why the plan is offered (kept on file)" maxLength={1000} error={errors.reason?.message} {...register('reason')} />
            <Button type="submit" loading={propose.isPending} disabled={!current}>
              Propose to the borrower
            </Button>
          </>
        );
      }}
    </Form>
  );
}

/**
 * The loan's payment plans (docs/payment-plans.md): every proposal with its status and figures, the signed
 * agreement, and — for staff with `restructure` — withdrawing an unsigned proposal and proposing a new plan
 * after previewing its revised schedule and disclosure.
 */
export function PaymentPlanSection({ loanId }: { loanId: number }) {
  const data = useLoanPaymentPlans(loanId);
  const canRestructure = useCan('restructure');
  return (
    <section className={pageStyles.section} aria-labelledby="loan-payment-plans">
      <h2 id="loan-payment-plans">Payment plan</h2>
      {data.data ? (
        <>
          <Table
            caption="Payment plans of this loan"
            rows={data.data.plans}
            getRowKey={(p) => p.id}
            emptyMessage="No payment plan was proposed for this loan."
            columns={[
              { key: 'status', header: 'Status', cell: (p) => PAYMENT_PLAN_STATUS_LABELS[p.status] },
              { key: 'kind', header: 'Plan', cell: (p) => PAYMENT_PLAN_KIND_LABELS[p.kind] },
              { key: 'proposed', header: 'Proposed', cell: (p) => `${formatUsDate(p.proposed_on)} by ${p.proposed_by}` },
              { key: 'expires', header: 'Sign by', cell: (p) => (p.status === 'proposed' ? formatUsDate(p.expires_on) : '—') },
              { key: 'payments', header: 'Payments', cell: (p) => String((p.accepted_quote ?? p.proposed_quote).installments) },
              { key: 'total', header: 'Total of payments', align: 'end', cell: (p) => formatCents((p.accepted_quote ?? p.proposed_quote).total_of_payments) },
              {
                key: 'signed',
                header: 'Signed',
                cell: (p) => (p.signed_at ? `${p.signature_name ?? ''}, ${formatUsDate(p.effective_date)}` : (p.withdrawn_reason ?? '—')),
              },
              { key: 'actions', header: 'Actions', cell: (p) => <PlanActions loanId={loanId} plan={p} canRestructure={canRestructure} /> },
            ]}
          />
          {data.data.refusal ? <Alert kind="info">{`No new plan can be proposed now: ${data.data.refusal}`}</Alert> : null}
          {canRestructure && !data.data.refusal ? (
            <ProposeForm loanId={loanId} businessDate={data.data.business_date} rateInForce={data.data.rate_in_force} />
          ) : null}
        </>
      ) : (
        <QueryFallback query={data} loadingLabel="Loading payment plans…" />
      )}
    </section>
  );
}
