import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLoanPaymentPlans, ZPaymentPlan, ZPaymentPlanQuote } from '@payrail/contract/payment-plan';
import type { TPaymentPlanProposal, TPaymentPlanTerms } from '@payrail/contract/payment-plan';
import { backofficeApi } from '../../../lib/api-client';

export const paymentPlanKeys = { loan: (loanId: number) => ['payment-plans', loanId] as const };

/** GET /api/backoffice/loans/:id/payment_plans: the loan's plans, whether one can be proposed now, the policy (read). */
export function useLoanPaymentPlans(loanId: number) {
  return useQuery({
    queryKey: paymentPlanKeys.loan(loanId),
    queryFn: () => backofficeApi.get(`/loans/${loanId}/payment_plans`, { schema: ZLoanPaymentPlans }),
  });
}

/** POST /api/backoffice/loans/:id/payment_plans/preview: the plan if signed today (restructure; nothing written). */
export function usePreviewPaymentPlan(loanId: number) {
  return useMutation({
    mutationFn: (body: TPaymentPlanTerms) => backofficeApi.post(`/loans/${loanId}/payment_plans/preview`, body, { schema: ZPaymentPlanQuote }),
  });
}

/** POST /api/backoffice/loans/:id/payment_plans: proposes the plan to the borrower (restructure; audited). */
export function useProposePaymentPlan(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentPlanProposal) => backofficeApi.post(`/loans/${loanId}/payment_plans`, body, { schema: ZPaymentPlan }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.loan(loanId) }),
  });
}

/** POST /api/backoffice/loans/:id/payment_plans/:planId/withdraw (restructure; audited). */
export function useWithdrawPaymentPlan(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: number; reason: string }) =>
      backofficeApi.post(`/loans/${loanId}/payment_plans/${planId}/withdraw`, { reason }, { schema: ZPaymentPlan }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.loan(loanId) }),
  });
}

/** GET /api/backoffice/loans/:id/payment_plans/:planId/pdf: the signed agreement (the read is audited). */
export function downloadPaymentPlan(loanId: number, planId: number): Promise<Blob> {
  return backofficeApi.get<Blob>(`/loans/${loanId}/payment_plans/${planId}/pdf`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
