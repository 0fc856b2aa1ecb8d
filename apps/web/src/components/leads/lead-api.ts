import { ZLeadResponse } from '@payrail/contract/application';
import type { TLeadResponse } from '@payrail/contract/application';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

export interface LeadInput {
  full_name: string;
  email: string;
  state_id: number;
}

/** POST {flow}/leads `{ lead: { full_name, email, state_id } }` (spec §7; no session needed). */
export function postLead(lead: LeadInput): Promise<TLeadResponse> {
  return apiClient.post('/leads', { lead }, { base: 'flow', schema: ZLeadResponse });
}

/** The server's field errors of a refused lead, by `full_name` / `email` (also read under `lead.<field>`). */
export function leadFieldErrors(error: unknown): { full_name?: string; email?: string } {
  if (!isApiError(error)) return {};
  const all = error.fieldErrors;
  const pick = (key: 'full_name' | 'email') => all[key]?.[0] ?? all[`lead.${key}`]?.[0];
  const out: { full_name?: string; email?: string } = {};
  const name = pick('full_name');
  const email = pick('email');
  if (name) out.full_name = name;
  if (email) out.email = email;
  return out;
}
