import { useQuery } from '@tanstack/react-query';
import { ZLoanPaymentPlans } from '@payrail/contract/payment-plan';
import { backofficeApi } from '../../../lib/api-client';
import { paymentPlanKeys } from './keys';

/** GET /api/backoffice/loans/:id/payment_plans: the loan's plans, whether one can be proposed now, the policy (read). */
export function useLoanPaymentPlans(loanId: number) {
  return useQuery({
    queryKey: paymentPlanKeys.loan(loanId),
    queryFn: () => backofficeApi.get(`/loans/${loanId}/payment_plans`, { schema: ZLoanPaymentPlans }),
  });
}
