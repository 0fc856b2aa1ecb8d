import type { TLogContactRequest } from '@payrail/contract/collections';
import { useDeskAction } from './desk-action';

/** POST …/contacts: refused (422 with the reason) at an inconvenient hour or past the call limits. */
export const useLogContact = (loanId: number) => useDeskAction<TLogContactRequest>(loanId, 'contacts');
