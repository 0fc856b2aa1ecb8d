import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAddDebitCardResponse } from '@payrail/contract/banking';
import { apiClient } from '../../../lib/api-client';
import { DEBIT_CARDS_KEY } from './get-debit-cards';

/** POST /add_debit_card with the tokenizer's token and the masked number (last four digits only). */
export function addDebitCard(card: { token: string; card_number: string }) {
  return apiClient.post('/add_debit_card', { card }, { base: 'dashboard', schema: ZAddDebitCardResponse });
}

export function useAddDebitCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDebitCard,
    onSuccess: () => client.invalidateQueries({ queryKey: DEBIT_CARDS_KEY }),
  });
}
