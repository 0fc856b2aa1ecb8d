import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@payrail/client/http-client';
import { backofficeApi } from '../../../lib/api-client';
import { staffSession } from '../../../lib/staff-session';
import { STAFF_LOGIN_FAILED, ZStaffMember } from '@payrail/contract/staff';
import type { TStaffLoginRequest, TStaffMember } from '@payrail/contract/staff';

export const LOGIN_MESSAGES = {
  invalid: STAFF_LOGIN_FAILED,
  tooMany: 'Too many attempts, try again later.',
  generic: 'We could not sign you in. Please try again.',
} as const;

/**
 * POST /api/backoffice/login. The token arrives in the `authorization` header and the client
 * stores it; global 401 handling is off because here 401 means a wrong password.
 */
export async function login(body: TStaffLoginRequest): Promise<TStaffMember> {
  const staff = await backofficeApi.post('/login', body, { schema: ZStaffMember, globalErrors: false, auth: false });
  staffSession.setStaff(staff);
  return staff;
}

/** The message to show for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_MESSAGES.generic;
  if (error.status === 401) return error.serverMessage ?? LOGIN_MESSAGES.invalid;
  if (error.status === 429) return LOGIN_MESSAGES.tooMany;
  if (error.status === 0) return error.message;
  return LOGIN_MESSAGES.generic;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
