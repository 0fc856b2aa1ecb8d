import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWhatIfResponse } from '@payrail/contract/borrower-tools';
import type { TWhatIfResponse, WhatIfRequestBody } from '@payrail/contract/borrower-tools';
import { PAYMENT_IDEMPOTENCY_HEADER, ZPaymentResponse } from '@payrail/contract/servicing';
import type { PaymentRequestBody } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';

/** POST /loans/{loanId}/what_if: the projection with and without the extra payments (nothing is written). */
export function simulateWhatIf(loanId: number, body: WhatIfRequestBody): Promise<TWhatIfResponse> {
  return apiClient.post(`/loans/${loanId}/what_if`, body, { base: 'dashboard', schema: ZWhatIfResponse });
}

export function useSimulateWhatIf(loanId: number) {
  return useMutation({ mutationFn: (body: WhatIfRequestBody) => simulateWhatIf(loanId, body) });
}

/**
 * The chosen extra payment, scheduled through the same call as the payments page (POST /request_payment,
 * one-time ACH from the account on file) with the submission's Idempotency-Key.
 */
export function scheduleExtraPayment(body: PaymentRequestBody, idempotencyKey: string) {
  return apiClient.post('/request_payment', body, { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey }, schema: ZPaymentResponse });
}

export function useScheduleExtraPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentRequestBody; key: string }) => scheduleExtraPayment(body, key),
    // Every servicing query (transactions, payoff letter…) starts with this key.
    onSuccess: () => client.invalidateQueries({ queryKey: ['servicing'] }),
  });
}
