/** What the product asks of an e-mail provider. */
export type EmailMessage = { to: string; subject: string; text: string; html?: string; meta?: Record<string, unknown> };

/**
 * What use cases hold (`ctx.providers.email`): `send` writes the message to the outgoing queue and
 * delivers it at once when it can; a provider outage leaves it to the `messages.deliver` job
 * (modules/messages/delivery.ts), so `send` does not throw on one.
 */
export interface EmailSender {
  readonly provider: string;
  send(message: EmailMessage): Promise<void>;
}

/**
 * One delivery attempt through a provider. `idempotencyKey` is the outgoing message's key: the same
 * message always comes with the same key, whichever attempt it is. Throws when the provider refused.
 */
export interface EmailTransport {
  readonly provider: string;
  deliver(message: EmailMessage, idempotencyKey: string): Promise<void>;
}
