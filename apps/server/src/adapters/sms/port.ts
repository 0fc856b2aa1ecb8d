/** What the product asks of an SMS provider. `to` is E.164 (+15551234567). */
export type SmsMessage = { to: string; body: string; meta?: Record<string, unknown> };

export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}
