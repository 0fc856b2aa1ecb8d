import type { TEsignLoanTerms } from '@payrail/contract/esignature';
import { parseIsoDate } from '@payrail/domain/dates';
import { formatUsDate } from '@payrail/domain/validation/date-of-birth';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import type { ScheduleRow } from '@payrail/domain/loan/schedule';
import type { SignedLoanFigures } from '../../db/schema/esignature';
import type { ChosenLoan } from './loan-terms-source';

/** MM/DD/YYYY, as the spec shows dates. */
export const formatDate = (iso: string): string => formatUsDate(parseIsoDate(iso));

export type LoanFigures = { figures: SignedLoanFigures; schedule: readonly ScheduleRow[]; wire: TEsignLoanTerms };

/**
 * The loan engine's schedule and Truth in Lending figures of a chosen loan, in the shapes the note and
 * the API use; `refinancePayoff`: the existing loan a refinance pays off (itemized in the amount financed).
 */
export function loanFigures(loan: ChosenLoan, refinancePayoff: SignedLoanFigures['refinance_payoff'] = undefined): LoanFigures {
  const { schedule, disclosure } = quoteLoan(loan.terms);
  const t = loan.terms;
  const figures: SignedLoanFigures = {
    amount_cents: t.amountCents,
    fee_cents: t.originationFeeCents,
    fee_label: loan.feeLabel,
    fee_financed: t.feeFinanced,
    interest_rate: t.annualRatePercent,
    apr: formatAprForDisclosure(disclosure.aprPercent),
    finance_charge_cents: disclosure.financeChargeCents,
    amount_financed_cents: disclosure.amountFinancedCents,
    total_of_payments_cents: disclosure.totalOfPaymentsCents,
    payment_per_term_cents: schedule.regularPaymentCents,
    number_of_payments: schedule.rows.length,
    term_frequency: t.frequency,
    disbursement_date: t.disbursementDate,
    first_payment_date: t.firstPaymentDate,
    ...(refinancePayoff ? { refinance_payoff: refinancePayoff } : {}),
  };
  return {
    figures,
    schedule: schedule.rows,
    wire: {
      ...figures,
      source: loan.source,
      payment_method: loan.paymentMethod ?? null,
      schedule: schedule.rows.map((r) => ({
        n: r.n,
        due_date: r.dueDate,
        payment_cents: r.paymentCents,
        principal_cents: r.principalCents,
        interest_cents: r.interestCents,
        balance_cents: r.balanceCents,
      })),
    },
  };
}
