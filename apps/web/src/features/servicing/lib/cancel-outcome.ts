import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { isApiError } from '@payrail/client/http-client';
import { paymentErrorMessages } from './payment-errors';

/**
 * What the borrower is told after canceling a scheduled payment (spec §8), in a module of its own: the
 * scheduled-payments table on the dashboard loads it with the cancel request, so the contract's servicing
 * module (and its schema library) is not part of the dashboard's first load.
 */
export { paymentCanceledMessage as canceledMessage } from './payment-outcome';

/** A failed cancel: 409 is "Payment in progress or already done."; otherwise the server's messages or the default text. */
export function cancelErrorMessages(error: unknown): string[] {
  return isApiError(error) && error.status === 409 ? [PAYMENT_MSG.inProgressOrDone] : paymentErrorMessages(error);
}
