import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_IDEMPOTENCY_HEADER, ZPullTransactionResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** What POST /create_pull_transaction is asked: the saved card's id, the amount (cents) and the loan. */
export interface PullFromCard {
  account: number;
  amount: number;
  loan_id: number;
}

/** POST /create_pull_transaction: a one-time payment charged to a saved card, one Idempotency-Key per submission. */
export function createPullTransaction(card: PullFromCard, idempotencyKey: string) {
  return apiClient.post(
    '/create_pull_transaction',
    { card },
    { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey }, schema: ZPullTransactionResponse },
  );
}

export function usePullCardPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, key }: { card: PullFromCard; key: string }) => createPullTransaction(card, key),
    onSuccess: () => client.invalidateQueries({ queryKey: SERVICING_KEY }),
  });
}
