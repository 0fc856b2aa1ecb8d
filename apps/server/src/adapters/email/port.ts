/** What the product asks of an e-mail provider. */
export type EmailMessage = { to: string; subject: string; text: string; html?: string; meta?: Record<string, unknown> };

export interface EmailSender {
  readonly provider: string;
  send(message: EmailMessage): Promise<void>;
}
