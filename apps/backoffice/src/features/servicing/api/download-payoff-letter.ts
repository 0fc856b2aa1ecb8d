import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS } from './keys';

/** GET /loans/:loanId/payoff_letter/:date/pdf: the borrower's payoff letter, issued by staff (audited; the borrower is notified). */
export function downloadPayoffLetter(loanId: number, date: string): Promise<Blob> {
  return backofficeApi.get<Blob>(SERVICING_PATHS.payoffLetter(loanId, date), { responseType: 'blob', headers: { Accept: '*/*' } });
}
