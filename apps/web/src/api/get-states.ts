import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TState } from '@payrail/contract/reference';
import type { ResponseSchema } from '@payrail/client/http-client';
import { apiClient } from '../lib/api-client';
import { array, boolean, integer, record, string, WireShapeError } from '../lib/wire-check';
import type { QueryConfig } from './query-config';

function state(value: unknown, what: string): TState {
  const answer = record(value, what);
  const abbreviation = string(answer.abbreviation, `${what}.abbreviation`);
  if (abbreviation.length !== 2) throw new WireShapeError(`${what}.abbreviation`);
  return {
    id: integer(answer.id, `${what}.id`),
    name: string(answer.name, `${what}.name`),
    abbreviation,
    is_available: boolean(answer.is_available, `${what}.is_available`),
  };
}

/** `z.array(ZState)` of the contract, checked by hand: the sign-up page asks for the states at first paint, without zod (wire-check.ts). */
export const statesSchema: ResponseSchema<TState[]> = { parse: (data) => array(data, state, 'states') };

/** GET {api}/states: every state, with whether Payrail lends there yet. Public reference data (no token). */
export function getStates(): Promise<TState[]> {
  return apiClient.get('/states', { auth: false, schema: statesSchema });
}

export const statesQueryOptions = () => queryOptions({ queryKey: ['reference', 'states'], queryFn: getStates, staleTime: 60 * 60_000 });

export function useStates(config: QueryConfig = {}) {
  return useQuery({ ...statesQueryOptions(), ...config });
}
