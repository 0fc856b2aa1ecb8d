import type { TNoteRequest } from '@payrail/contract/collections';
import { useDeskAction } from './desk-action';

/** POST /api/backoffice/collections/loans/:loanId/notes. */
export const useAddNote = (loanId: number) => useDeskAction<TNoteRequest>(loanId, 'notes');
