import type { AppContext } from '../../context';

/**
 * The `messages.deliver` queue (modules/messages/delivery.ts) on `ctx.jobs`: retries of e-mails and texts
 * whose first attempt failed, and the 5-minute sweep of messages a crash left behind. Nothing to define when
 * the providers were replaced by a test's own (no outgoing-message queue behind them).
 */
export function defineMessageQueue(ctx: AppContext): void {
  if (ctx.providers.messages) ctx.jobs.define(ctx.providers.messages.definition);
}
