import { useMutation } from '@tanstack/react-query';
import { ZOkStatusResponse } from '@payrail/contract/application';
import type { TOkStatusResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';
import { updateBankInformation } from '../../../api/update-bank-information';

/** PUT {flow}/feedback: the corrected fields; answers the new status. */
export function putFeedback(loanBorrower: Record<string, unknown>): Promise<TOkStatusResponse> {
  return apiClient.put('/feedback', { loan_borrower: loanBorrower }, { base: 'flow', schema: ZOkStatusResponse });
}

/** Bank fields first, then the feedback answer. */
export function useAnswerFeedback() {
  return useMutation({
    mutationFn: async ({ bank, loanBorrower }: { bank: Record<string, string> | null; loanBorrower: Record<string, unknown> }) => {
      if (bank) {
        try {
          await updateBankInformation(bank);
        } catch (error) {
          throw Object.assign(error as object, { bankStep: true });
        }
      }
      return putFeedback(loanBorrower);
    },
  });
}
