import { SERVER_MSG } from '@payrail/contract/messages';
import type { Decision } from '@payrail/domain/workflow/machine';
import { AppError } from '../../../errors';

/** A refused move: 422 `{ error, current_status }`, the status the SPA adopts. */
export function refusal(message: string, currentStatus: string): AppError {
  return new AppError('validation', message, { extra: { current_status: currentStatus } });
}

/** The refusal for a decision the machine turned down. */
export function refusalFor(decision: Extract<Decision, { ok: false }>, from: string, to: string | null): AppError {
  if (decision.reason === 'no_advance' || to === null) return refusal(SERVER_MSG.noNextStatus(from), from);
  return refusal(SERVER_MSG.statusRefused(from, to), from);
}
