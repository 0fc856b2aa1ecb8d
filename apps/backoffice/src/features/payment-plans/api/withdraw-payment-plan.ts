import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPaymentPlan } from '@payrail/contract/payment-plan';
import { backofficeApi } from '../../../lib/api-client';
import { paymentPlanKeys } from './keys';

/** POST /api/backoffice/loans/:id/payment_plans/:planId/withdraw (restructure; audited). */
export function useWithdrawPaymentPlan(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: number; reason: string }) =>
      backofficeApi.post(`/loans/${loanId}/payment_plans/${planId}/withdraw`, { reason }, { schema: ZPaymentPlan }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.loan(loanId) }),
  });
}
