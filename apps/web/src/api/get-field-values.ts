import { ZShowFieldResponse } from '@payrail/contract/application';
import type { TFieldValue } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';

/** GET {flow}/about_yourself/show_field/{field}: one answer of the application (null when not given). */
export async function getFieldValue(field: string): Promise<TFieldValue> {
  const { value } = await apiClient.get(`/about_yourself/show_field/${field}`, { base: 'flow', schema: ZShowFieldResponse });
  return value;
}

/**
 * The answers of several fields, asked in parallel. Each screen reads its own set of fields, so each
 * keeps its own query (and key) around this fetcher.
 */
export async function getFieldValues<F extends string>(fields: readonly F[]): Promise<Record<F, TFieldValue>> {
  const values = await Promise.all(fields.map(getFieldValue));
  return Object.fromEntries(fields.map((field, index) => [field, values[index] ?? null])) as Record<F, TFieldValue>;
}
