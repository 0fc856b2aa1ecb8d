import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/loans/:id/payment_plans/:planId/pdf: the signed agreement (the read is audited). */
export function downloadPaymentPlan(loanId: number, planId: number): Promise<Blob> {
  return backofficeApi.get<Blob>(`/loans/${loanId}/payment_plans/${planId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
