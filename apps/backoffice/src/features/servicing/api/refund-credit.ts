import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey } from './keys';

/**
 * The loan's credit balance sent back now, with the reason the ledger and the audit log keep. The answer
 * says what was sent or why it is held; either way the loan page shows the servicing it returns.
 */
export function useRefundCredit(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) => backofficeApi.post(SERVICING_PATHS.refundCredit(loanId), body, { schema: ZRefundCreditResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
  });
}
