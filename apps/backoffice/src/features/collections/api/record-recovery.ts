import type { TRecoveryRequest } from '@payrail/contract/collections';
import { useDeskAction } from './desk-action';

/** POST /api/backoffice/collections/loans/:loanId/recoveries. */
export const useRecordRecovery = (loanId: number) => useDeskAction<TRecoveryRequest>(loanId, 'recoveries');
