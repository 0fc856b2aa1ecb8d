import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_IDEMPOTENCY_HEADER, ZDebitDisbursementResponse } from '@payrail/contract/servicing';
import type { TDebitDisbursementResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** What POST /create_debit_disbursement is asked: the saved card's id, the amount (cents) and the loan. */
export interface CreditToCard {
  account: number;
  amount: number;
  loan_id: number;
}

/**
 * POST /create_debit_disbursement (spec §7, docs/servicing.md "Debit-card disbursement"): the loan's credit
 * balance refunded to a saved debit card, with the submission's Idempotency-Key (a retry of the same
 * submission reuses it: one refund). Every servicing read is refetched after it (the loan's credit balance).
 */
export function sendCreditToCard(card: CreditToCard, idempotencyKey: string): Promise<TDebitDisbursementResponse> {
  return apiClient.post(
    '/create_debit_disbursement',
    { card },
    { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey }, schema: ZDebitDisbursementResponse },
  );
}

export function useSendCreditToCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, key }: { card: CreditToCard; key: string }) => sendCreditToCard(card, key),
    onSuccess: () => client.invalidateQueries({ queryKey: SERVICING_KEY }),
  });
}
