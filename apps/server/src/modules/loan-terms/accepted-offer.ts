import type { IsoDate } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import type { Frequency } from '@payrail/domain/loan/frequency';
import type { Offer } from '@payrail/domain/loan/pricing';
import type { ApplicationPatch } from '../application/repository';

export type AcceptedOffer = {
  programCode: string;
  method: NonNullable<ApplicationPatch['paymentMethod']>;
  offer: Offer;
  frequency: Frequency;
  disbursementDate: IsoDate;
  firstPaymentDate: IsoDate;
};

/**
 * The terms an application stores when an offer is accepted (classic loan terms and the new flow's
 * loan_offer alike): the offer as priced, and its schedule and Reg Z disclosure from `quoteLoan`, so the
 * note, e-signature and funding read one set of figures.
 */
export function acceptedOfferTerms({ programCode, method, offer, frequency, disbursementDate, firstPaymentDate }: AcceptedOffer) {
  const { schedule, disclosure } = quoteLoan({
    amountCents: offer.amount,
    originationFeeCents: offer.fee_amount,
    feeFinanced: offer.fee_financed,
    annualRatePercent: offer.interest_rate,
    frequency,
    numberOfPayments: offer.number_of_payments,
    disbursementDate,
    firstPaymentDate,
  });
  const patch = {
    pricingProgramCode: programCode,
    paymentMethod: method,
    amountCents: offer.amount,
    termFrequency: frequency,
    termsInMonths: offer.terms_in_months,
    numberOfPayments: offer.number_of_payments,
    interestRate: offer.interest_rate,
    aprPercent: disclosure.aprPercent,
    feeAmountCents: offer.fee_amount,
    feeLabel: offer.fee_label,
    feeFinanced: offer.fee_financed,
    paymentPerTermCents: schedule.regularPaymentCents,
    finalPaymentCents: schedule.finalPaymentCents,
    totalOfPaymentsCents: disclosure.totalOfPaymentsCents,
    financeChargeCents: disclosure.financeChargeCents,
    amountFinancedCents: disclosure.amountFinancedCents,
    disbursementDate,
    firstPaymentDate,
    lastPaymentDate: schedule.dueDates[schedule.dueDates.length - 1] ?? firstPaymentDate,
  } satisfies ApplicationPatch;
  return { schedule, disclosure, patch };
}
