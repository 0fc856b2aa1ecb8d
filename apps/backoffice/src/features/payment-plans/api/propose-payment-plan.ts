import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPaymentPlan } from '@payrail/contract/payment-plan';
import type { TPaymentPlanProposal } from '@payrail/contract/payment-plan';
import { backofficeApi } from '../../../lib/api-client';
import { paymentPlanKeys } from './keys';

/** POST /api/backoffice/loans/:id/payment_plans: proposes the plan to the borrower (restructure; audited). */
export function useProposePaymentPlan(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentPlanProposal) => backofficeApi.post(`/loans/${loanId}/payment_plans`, body, { schema: ZPaymentPlan }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.loan(loanId) }),
  });
}
