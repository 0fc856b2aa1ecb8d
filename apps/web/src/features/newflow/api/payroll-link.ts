import type { z } from 'zod';
import { ZPayrollSandboxDistributionResponse, ZPayrollSandboxError, ZPayrollSandboxLoginResponse } from '@payrail/contract/newflow';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/** POST /payroll_link/sandbox/login: the sandbox widget's log-in (the provider's test mode). */
export function sandboxPayrollLogin(body: { user_token: string; link_item: string | null; username: string; password: string }) {
  return apiClient.post('/payroll_link/sandbox/login', body, { schema: ZPayrollSandboxLoginResponse, globalErrors: false });
}

/** POST /payroll_link/sandbox/pay_distribution: accept (or decline) the proposed pay distribution. */
export function sandboxPayDistribution(body: { user_token: string; account_id: string; pay_distribution_config: string; accept: boolean }) {
  return apiClient.post('/payroll_link/sandbox/pay_distribution', body, { schema: ZPayrollSandboxDistributionResponse, globalErrors: false });
}

/** The provider-style refusal of a sandbox log-in (`invalid_credentials`, `account_locked`). */
export function payrollSandboxError(error: unknown): z.infer<typeof ZPayrollSandboxError> | null {
  if (!isApiError(error)) return null;
  const parsed = ZPayrollSandboxError.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
