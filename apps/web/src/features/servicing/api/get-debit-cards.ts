import { useQuery } from '@tanstack/react-query';
import { ZDebitCardsResponse } from '@payrail/contract/banking';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** The query key of the saved cards (adding a card refreshes it). */
export const DEBIT_CARDS_KEY = [...SERVICING_KEY, 'debit-cards'] as const;

/** GET /get_debit_cards: the borrower's saved debit cards. */
export function getDebitCards() {
  return apiClient.get('/get_debit_cards', { base: 'dashboard', schema: ZDebitCardsResponse });
}

export function useDebitCards() {
  return useQuery({ queryKey: DEBIT_CARDS_KEY, queryFn: async () => (await getDebitCards()).cards, retry: false });
}
