import { BANK_MSG, ZBankInformationResponse } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';

export interface ManualBankAccount {
  accountType: 'Checking' | 'Savings';
  routingNumber: string;
  accountNumber: string;
}

/**
 * POST {api}/bank_informations/verify_manual_save_api_response (newflow §7): the manual account's
 * `bank_information {bank_account_number, routing_transfer_number, account_type}`, checked and saved by the
 * server. A refusal's body is the text to show (the server answers it as text/plain).
 */
export async function saveManualBankAccount(account: ManualBankAccount): Promise<TBankInformation> {
  const answer = await apiClient.post(
    '/bank_informations/verify_manual_save_api_response',
    {
      bank_information: {
        bank_account_number: account.accountNumber,
        routing_transfer_number: account.routingNumber,
        account_type: account.accountType.toLowerCase(),
      },
    },
    { schema: ZBankInformationResponse },
  );
  return answer.bank_information;
}

/**
 * The text of a refusal of that call: the body when it is text, else its `error` or first field message,
 * else the spec's linking failure. Null for the answers the global handler already told the applicant
 * about (session, permission, maintenance).
 */
export function manualBankRefusalText(error: unknown): string | null {
  if (isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503)) return null;
  if (!isApiError(error)) return BANK_MSG.linkFailed;
  if (typeof error.data === 'string' && error.data.trim() !== '') return error.data;
  return error.serverMessage ?? Object.values(error.fieldErrors)[0]?.[0] ?? BANK_MSG.linkFailed;
}
