/**
 * Federal or non-federal payroll wording (classic-application-flow.md §1): "Non-federal employers
 * (payment_type split_direct_deposit) use the split direct deposit wording in place of allotment."
 * One rule for every screen: only an employer whose payment type is split_direct_deposit is
 * non-federal; a federal employer (allotment), an unknown employer or one still loading reads
 * "Allotment".
 */
export type PaymentTypeLike = string | null | undefined;

/** True only for payment_type split_direct_deposit. */
export function isNonFederal(paymentType: PaymentTypeLike): boolean {
  return paymentType === 'split_direct_deposit';
}

/** The deposit's name in titles: "Allotment" (federal) or "Split Direct Deposit" (non-federal). */
export function depositTitle(paymentType: PaymentTypeLike): 'Allotment' | 'Split Direct Deposit' {
  return isNonFederal(paymentType) ? 'Split Direct Deposit' : 'Allotment';
}

/** The deposit's name inside a sentence: "allotment" or "split direct deposit". */
export function depositNoun(paymentType: PaymentTypeLike): 'allotment' | 'split direct deposit' {
  return isNonFederal(paymentType) ? 'split direct deposit' : 'allotment';
}
