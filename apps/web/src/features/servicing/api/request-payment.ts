import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_IDEMPOTENCY_HEADER, ZPaymentResponse } from '@payrail/contract/servicing';
import type { PaymentRequestBody } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { bankInformationQueryPrefix } from '../../../api/get-bank-information';
import { SERVICING_KEY } from './keys';

/** POST /request_payment with the submission's Idempotency-Key (a retry of the same submission reuses it). */
export function requestPayment(body: PaymentRequestBody, idempotencyKey: string) {
  return apiClient.post('/request_payment', body, { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey }, schema: ZPaymentResponse });
}

export function useRequestPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentRequestBody; key: string }) => requestPayment(body, key),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: SERVICING_KEY }), client.invalidateQueries({ queryKey: bankInformationQueryPrefix })]),
  });
}
