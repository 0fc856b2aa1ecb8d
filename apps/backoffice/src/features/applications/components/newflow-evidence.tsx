import type { ReactNode } from 'react';
import { formatCents, formatPercent } from '@payrail/client/format';
import { formatDateTime, formatUsDate, humanize } from '../../../lib/labels';
import { useNewflowEvidence } from '../api/newflow';
import { FactList } from '@payrail/ui/fact-list';
import pageStyles from '@payrail/ui/styles/staff-page.module.css';

const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const doc = (id: number | null) => (id === null ? '—' : `Document #${id} (see Documents)`);

/**
 * The new-flow evidence of an application (docs/newflow.md): the loan asked for, the rate check and its
 * adverse-action reasons, the repayment program, the payroll connection and split-deposit allocation or
 * the manual split's screenshot, the pay stub, the proof of address as stated, the offer chosen.
 * For a classic application only the stated proof-of-address facts are drawn (when it has them).
 */
export function NewflowEvidence({ userId, section }: { userId: number; section: (title: string, body: ReactNode) => ReactNode }) {
  const evidence = useNewflowEvidence(userId);
  const e = evidence.data;
  if (!e) return null;
  // A classic application shows only what its applicant stated about the proof of address, if anything.
  if (!e.new_flow) {
    const p = e.proof_of_address;
    return p
      ? section(
          'Proof of address (stated)',
          <FactList
            className={pageStyles.dl}
            facts={[{ label: 'Stated', value: `Dated ${formatUsDate(p.statement_date)}, ${p.address} ${p.zip_code} — ${doc(p.document_id)}` }]}
          />,
        )
      : null;
  }
  const offer = e.chosen_offer;
  return section(
    'New-flow evidence',
    <>
      <FactList
        className={pageStyles.dl}
        facts={[
          { label: 'Amount asked', value: money(e.loan_request.amount) },
          { label: 'Pay frequency', value: e.loan_request.payment_frequency ?? '—' },
          { label: 'Purpose', value: e.loan_request.loan_purpose_name ?? '—' },
          { label: 'Rate check', value: `${humanize(e.rate_check.state)}${e.rate_check.outcome ? ` — ${humanize(e.rate_check.outcome)}` : ''}` },
          { label: 'Amount approved', value: money(e.rate_check.approved_amount) },
          { label: 'Program', value: e.program ? humanize(e.program) : '—' },
          { label: 'Payroll account', value: e.payroll.account_id ? `${e.payroll.account_id} (${e.payroll.employer ?? ''})` : 'Not connected' },
          { label: 'Connected', value: e.payroll.connected_at ? formatDateTime(e.payroll.connected_at) : '—' },
          { label: 'Split asked (loan payment)', value: money(e.payroll.allocation_requested) },
          {
            label: 'Split allocation',
            value: `${money(e.payroll.allocation_amount)} ${e.payroll.allocation_status ? `(${humanize(e.payroll.allocation_status)})` : ''}`,
          },
          { label: 'Manual split screenshot', value: doc(e.manual_split.document_id) },
          { label: 'Pay stub', value: doc(e.pay_stub_document_id) },
          {
            label: 'Proof of address',
            value: e.proof_of_address
              ? `Dated ${formatUsDate(e.proof_of_address.statement_date)}, ${e.proof_of_address.address} ${e.proof_of_address.zip_code} — ${doc(e.proof_of_address.document_id)}`
              : '—',
          },
          {
            label: 'Offer chosen',
            value: offer
              ? `${money(offer.amount)}, ${offer.terms} × ${money(offer.fixed_payment_amount)}, APR ${formatPercent(offer.apr)} (${offer.is_autodebit ? 'auto-debit' : 'split direct deposit'})`
              : '—',
          },
        ]}
      />
      {e.rate_check.adverse_action_reasons.length > 0 ? (
        <>
          <h3>Adverse-action reasons</h3>
          <ul>
            {e.rate_check.adverse_action_reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>,
  );
}
