import { useQuery } from '@tanstack/react-query';
import { ZDebitTransactionsResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /get_debit_transactions: the borrower's card payments, newest first. */
export async function getDebitTransactions() {
  return (await apiClient.get('/get_debit_transactions', { base: 'dashboard', schema: ZDebitTransactionsResponse })).transactions;
}

export function useDebitTransactions() {
  return useQuery({ queryKey: [...SERVICING_KEY, 'debit-transactions'], queryFn: getDebitTransactions, retry: false });
}
