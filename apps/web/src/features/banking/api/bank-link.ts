import { ZBankLinkErrorBody, ZBankLinkWidget, ZBankLinkedResponse, ZSandboxAuthorizeResponse } from '@payrail/contract/banking';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/** Bank linking (docs/banking-and-esignature.md "Bank link"): the widget config, the sandbox login, saving the link, events. */

export type TBankLinkWidget = z.infer<typeof ZBankLinkWidget>;
export type TSandboxAuthorize = z.infer<typeof ZSandboxAuthorizeResponse>;
export type TBankLinkError = z.infer<typeof ZBankLinkErrorBody>;
export type TBankLinked = z.infer<typeof ZBankLinkedResponse>;

/** GET {flow}/bank_informations/widget: a fresh link token and the provider to open. */
export function getBankLinkWidget(): Promise<TBankLinkWidget> {
  return apiClient.get('/bank_informations/widget', { base: 'flow', schema: ZBankLinkWidget });
}

export interface SandboxLogin {
  link_token?: string;
  institution_id: string;
  username: string;
  password: string;
}

/**
 * POST {api}/bank_link/sandbox/authorize: the sandbox widget's login. It plays the aggregator, so no
 * session token and no global handling; a refusal answers in the aggregator's terms (see sandboxError).
 */
export function authorizeSandboxLink(login: SandboxLogin): Promise<TSandboxAuthorize> {
  return apiClient.post('/bank_link/sandbox/authorize', login, { base: 'api', auth: false, globalErrors: false, schema: ZSandboxAuthorizeResponse });
}

/** The aggregator's refusal body of a failed sandbox login, when it is one. */
export function sandboxError(error: unknown): TBankLinkError | null {
  if (!isApiError(error)) return null;
  const parsed = ZBankLinkErrorBody.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** POST {flow}/bank_informations/save_plaid_information: exchange the widget's token; answers the new status. */
export function savePlaidInformation(input: { public_token: string; account_id?: string }): Promise<TBankLinked> {
  return apiClient.post('/bank_informations/save_plaid_information', input, { base: 'flow', schema: ZBankLinkedResponse });
}

/** POST {flow}/bank_informations/save_plaid_event: a widget event for support; never blocks the borrower. */
export function savePlaidEvent(event: string, metadata?: Record<string, unknown>): void {
  apiClient
    .post('/bank_informations/save_plaid_event', metadata ? { event, metadata } : { event }, { base: 'flow', globalErrors: false })
    .catch(() => undefined);
}
