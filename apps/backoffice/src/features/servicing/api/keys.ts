import type { QueryClient } from '@tanstack/react-query';

/** Every call of the servicing pages, in one place (paths under /api/backoffice). */
export const SERVICING_PATHS = {
  loan: (loanId: number) => `/loans/${loanId}/servicing`,
  reversals: (loanId: number) => `/loans/${loanId}/reversals`,
  redisburse: (loanId: number) => `/loans/${loanId}/redisburse`,
  cancelUndelivered: (loanId: number) => `/loans/${loanId}/cancel_undelivered`,
  cancelUnsent: (loanId: number) => `/loans/${loanId}/cancel_unsent`,
  refundCredit: (loanId: number) => `/loans/${loanId}/refund_credit`,
  remittances: '/remittances',
  suspense: '/remittances/suspense',
  resolve: (lineId: number) => `/remittances/lines/${lineId}/resolve`,
  businessDate: '/servicing/business_date',
  run: '/servicing/run',
  achReturns: '/ach/returns',
  payoffLetter: (loanId: number, date: string) => `/loans/${loanId}/payoff_letter/${date}/pdf`,
} as const;

export const KEY = ['backoffice', 'servicing'] as const;

/**
 * After a servicing action every servicing list is read again, without holding up the action's own answer:
 * the desk shows what the server said at once, and the lists follow when their reads come back.
 */
export function refresh(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: KEY });
}

export const loanServicingKey = (loanId: number) => [...KEY, 'loan', loanId] as const;

/** The loan page's details (features/loans: status and disbursements), read again after a disbursement action. */
export const loanDetailKey = (loanId: number) => ['backoffice', 'loan', loanId] as const;
