import { useMutation, useQuery } from '@tanstack/react-query';
import { ZNewEmployerResponse, ZOkStatusResponse } from '@payrail/contract/application';
import type { IncomeSource, TOkStatusResponse } from '@payrail/contract/application';
import { getFieldValue } from '../../../api/get-field-values';
import { updateFields } from '../../../api/update-fields';
import { apiClient } from '../../../lib/api-client';

/** GET {flow}/about_yourself/show_field/military_active: true, false or not answered (null). */
export async function getMilitaryActive(): Promise<boolean | null> {
  const value = await getFieldValue('military_active');
  return typeof value === 'boolean' ? value : null;
}

export function useMilitaryActive() {
  return useQuery({ queryKey: ['employer', 'military_active'], queryFn: getMilitaryActive, staleTime: 0 });
}

/** One answer of this step (working time range, military duty), saved through POST {flow}/about_yourself/update_field. */
export function updateField(field: 'working_time_range' | 'military_active', value: string | boolean): Promise<unknown> {
  return updateFields({ [field]: value });
}

export function useUpdateField() {
  return useMutation({
    mutationFn: ({ field, value }: { field: 'working_time_range' | 'military_active'; value: string | boolean }) => updateField(field, value),
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
