/** What the product asks of an SMS provider. `to` is E.164 (+15551234567). */
export type SmsMessage = { to: string; body: string; meta?: Record<string, unknown> };

/** What use cases hold (`ctx.providers.sms`): queued like e-mail (see email/port.ts). */
export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}

/** One delivery attempt through a provider, with the outgoing message's key (see email/port.ts). */
export interface SmsTransport {
  readonly provider: string;
  deliver(message: SmsMessage, idempotencyKey: string): Promise<void>;
}
