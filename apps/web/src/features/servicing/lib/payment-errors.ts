import { z } from 'zod';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { isApiError } from '@payrail/client/http-client';

const ZErrorMessages = z.object({ error_messages: z.array(z.string()).min(1) });

/**
 * The messages to show for a failed payment or cancel call (spec §8): the server's `error_messages`
 * one by one; 409 on cancel is "Payment in progress or already done."; otherwise the default text.
 */
export function paymentErrorMessages(error: unknown, fallback: string = PAYMENT_MSG.unknown): string[] {
  if (!isApiError(error)) return [fallback];
  const parsed = ZErrorMessages.safeParse(error.data);
  if (parsed.success && error.status < 500) return parsed.data.error_messages;
  return [fallback];
}

/** Payoff and next-payment-date failures (spec §8): the server's message below 500, else the generic one. */
export function quoteErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) {
    const parsed = ZErrorMessages.safeParse(error.data);
    if (parsed.success) return parsed.data.error_messages[0] ?? PAYMENT_MSG.payoffUnknown;
    if (error.serverMessage) return error.serverMessage;
  }
  return PAYMENT_MSG.payoffUnknown;
}

/** A fresh Idempotency-Key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
