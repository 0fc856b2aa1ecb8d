import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBorrowerPaymentPlan, ZBorrowerPaymentPlans } from '@payrail/contract/payment-plan';
import type { TPaymentPlanSign } from '@payrail/contract/payment-plan';
import { apiClient } from '../../../lib/api-client';

export const paymentPlanKeys = { loan: (loanId: number) => ['payment-plans', loanId] as const };

/** GET {dashboard}/dashboard/loans/{id}/payment_plans: the plans proposed for the loan (a proposal with its figures if signed today). */
export function usePaymentPlans(loanId: number) {
  return useQuery({
    queryKey: paymentPlanKeys.loan(loanId),
    queryFn: () => apiClient.get(`/dashboard/loans/${loanId}/payment_plans`, { base: 'dashboard', schema: ZBorrowerPaymentPlans }),
    refetchOnMount: 'always',
  });
}

/** POST {dashboard}/dashboard/payment_plans/{id}/sign: the borrower signs the plan as reviewed (`as_of`). */
export function useSignPaymentPlan(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: number; body: TPaymentPlanSign }) =>
      apiClient.post(`/dashboard/payment_plans/${planId}/sign`, body, { base: 'dashboard', schema: ZBorrowerPaymentPlan }),
    // Every loan screen reads the new schedule.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.loan(loanId) }),
  });
}

/** GET {dashboard}/loans/payment_plans/{id}/pdf: the signed agreement. */
export function downloadPaymentPlan(planId: number): Promise<Blob> {
  return apiClient.get<Blob>(`/loans/payment_plans/${planId}/pdf`, { base: 'dashboard', responseType: 'blob' });
}
