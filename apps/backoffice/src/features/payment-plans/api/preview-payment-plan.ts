import { useMutation } from '@tanstack/react-query';
import { ZPaymentPlanQuote } from '@payrail/contract/payment-plan';
import type { TPaymentPlanTerms } from '@payrail/contract/payment-plan';
import { backofficeApi } from '../../../lib/api-client';

/** POST /api/backoffice/loans/:id/payment_plans/preview: the plan if signed today (restructure; nothing written). */
export function usePreviewPaymentPlan(loanId: number) {
  return useMutation({
    mutationFn: (body: TPaymentPlanTerms) => backofficeApi.post(`/loans/${loanId}/payment_plans/preview`, body, { schema: ZPaymentPlanQuote }),
  });
}
