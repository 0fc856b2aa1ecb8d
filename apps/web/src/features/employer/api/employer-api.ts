import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ZEmployerEntrypoint,
  ZNewEmployerResponse,
  ZOkStatusResponse,
} from '@payrail/contract/application';
import type { IncomeSource, TEmployerEntrypoint, TOkStatusResponse } from '@payrail/contract/application';
import { EMPLOYER_SEARCH_MIN, ZEmployer } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** GET {flow}/employer_entrypoint: the answers already given on this step. */
export function getEmployerEntrypoint(): Promise<TEmployerEntrypoint> {
  return apiClient.get('/employer_entrypoint', { base: 'flow', schema: ZEmployerEntrypoint });
}

export function useEmployerEntrypoint() {
  return useQuery({ queryKey: ['employer', 'entrypoint'], queryFn: getEmployerEntrypoint, staleTime: 0 });
}

const ZShownField = z.object({ field: z.string(), value: z.unknown() });

/** GET {flow}/about_yourself/show_field/military_active: true, false or not answered (null). */
export async function getMilitaryActive(): Promise<boolean | null> {
  const { value } = await apiClient.get('/about_yourself/show_field/military_active', { base: 'flow', schema: ZShownField });
  return typeof value === 'boolean' ? value : null;
}

export function useMilitaryActive() {
  return useQuery({ queryKey: ['employer', 'military_active'], queryFn: getMilitaryActive, staleTime: 0 });
}

/** POST {flow}/about_yourself/update_field: one answer of this step (working time range, military duty). */
export function updateField(field: 'working_time_range' | 'military_active', value: string | boolean): Promise<unknown> {
  return apiClient.post('/about_yourself/update_field', { loan_borrower: { [field]: value } }, { base: 'flow' });
}

export function useUpdateField() {
  return useMutation({ mutationFn: ({ field, value }: { field: 'working_time_range' | 'military_active'; value: string | boolean }) => updateField(field, value) });
}

/** GET {api}/employers?search=: nothing is asked below the minimum length (spec §9). */
export function searchEmployers(search: string): Promise<TEmployer[]> {
  return apiClient.get('/employers', { query: { search }, schema: z.array(ZEmployer) });
}

export function useEmployerSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['employers', 'search', term.toLowerCase()],
    queryFn: () => searchEmployers(term),
    enabled: term.length >= EMPLOYER_SEARCH_MIN,
    staleTime: 60_000,
    retry: false,
  });
}

export interface NewEmployerInput {
  name: string;
  paymentFrequency: string;
  /** The last paycheck, MM/DD/YYYY. */
  paymentDate: string;
}

/** POST {flow}/employers: an employer that is not listed; answers its id. */
export function createEmployer(input: NewEmployerInput): Promise<{ employer_id: number }> {
  return apiClient.post('/employers', { employer: input }, { base: 'flow', schema: ZNewEmployerResponse });
}

export interface EmployerSelection {
  employer_id: number;
  employee_id?: string | null;
  working_time_range: string;
  military_active?: boolean;
}

/** PATCH {flow}/employer_selected: answers the status the borrower moves to. */
export function selectEmployer(selection: EmployerSelection): Promise<TOkStatusResponse> {
  return apiClient.patch('/employer_selected', { loan_borrower: selection }, { base: 'flow', schema: ZOkStatusResponse });
}

/** POST {flow}/change_income_source: a source other than Employed. */
export function changeIncomeSource(input: { income_source: IncomeSource; working_time_range: string }): Promise<TOkStatusResponse> {
  return apiClient.post('/change_income_source', input, { base: 'flow', schema: ZOkStatusResponse });
}
