import { z } from 'zod';

/** Messages of the refinance flow (server refusals and the borrower's notifications). */
export const REFINANCE_MSG = {
  noLoan: 'Loan not found.',
  notEligible: 'This loan cannot be refinanced now.',
  twoReferences: 'must have exactly 2 references',
  submitted: 'Your refinance application was sent for review.',
  paymentInProgress: 'The loan being refinanced has a payment in progress; fund the refinance once it settles.',
  doesNotCoverPayoff: 'The new loan does not cover the payoff of the loan it refinances.',
  /** classic §8: GET /payment_change failure on the refinance review. */
  allotmentCheckFailed: 'Fail to confirm allotment requirements. Try again reloading the page',
  bankWarning: 'Please review your bank information: your new loan will be deposited into this account.',
} as const;

/** POST /refinance: which loan to refinance (the opened one when omitted). */
export const ZStartRefinanceRequest = z.object({ loan_id: z.number().int().positive().optional() });
export type TStartRefinanceRequest = z.infer<typeof ZStartRefinanceRequest>;
