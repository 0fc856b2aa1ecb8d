import type { LoanPurpose } from './types';

/**
 * Loan purposes offered on the application, in display order.
 * "Debit Consolidation" is the product specification's spelling and is kept verbatim.
 */
export const LOAN_PURPOSES = [
  { id: 1, name: 'Major Purchase' },
  { id: 2, name: 'Debit Consolidation' },
  { id: 3, name: 'Home Improvements' },
  { id: 4, name: 'Payoff Credit Cards' },
  { id: 5, name: 'Emergency Cash' },
  { id: 6, name: 'Rental Deposits' },
  { id: 7, name: 'Vacations' },
  { id: 8, name: 'Other' },
] as const satisfies readonly LoanPurpose[];
