import type { TPromiseRequest } from '@payrail/contract/collections';
import { useDeskAction } from './desk-action';

/** POST /api/backoffice/collections/loans/:loanId/promises. */
export const useRecordPromise = (loanId: number) => useDeskAction<TPromiseRequest>(loanId, 'promises');
