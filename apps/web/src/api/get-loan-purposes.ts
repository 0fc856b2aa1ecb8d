import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLoanPurpose } from '@payrail/contract/reference';
import type { ResponseSchema } from '@payrail/client/http-client';
import { apiClient } from '../lib/api-client';
import { array, integer, record, string } from '../lib/wire-check';
import type { QueryConfig } from './query-config';

function loanPurpose(value: unknown, what: string): TLoanPurpose {
  const answer = record(value, what);
  return { id: integer(answer.id, `${what}.id`), name: string(answer.name, `${what}.name`) };
}

/** `z.array(ZLoanPurpose)` of the contract, checked by hand: Check Your Rate asks for the purposes at first paint, without zod (wire-check.ts). */
export const loanPurposesSchema: ResponseSchema<TLoanPurpose[]> = { parse: (data) => array(data, loanPurpose, 'loan purposes') };

/** GET {api}/loan_purposes: the purposes a borrower may give (newflow §3). Public reference data (no token). */
export function getLoanPurposes(): Promise<TLoanPurpose[]> {
  return apiClient.get('/loan_purposes', { auth: false, schema: loanPurposesSchema });
}

export const loanPurposesQueryOptions = () => queryOptions({ queryKey: ['reference', 'loan-purposes'], queryFn: getLoanPurposes, staleTime: Infinity });

export function useLoanPurposes(config: QueryConfig = {}) {
  return useQuery({ ...loanPurposesQueryOptions(), ...config });
}
