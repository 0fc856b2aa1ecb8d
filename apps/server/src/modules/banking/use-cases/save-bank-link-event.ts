import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/** Largest metadata kept with an event (the widget's own metadata is a few hundred bytes). */
const METADATA_MAX_BYTES = 8_192;

/** POST /bank_informations/save_plaid_event: stores a widget event as sent (no status change). */
export async function saveBankLinkEvent(
  ctx: AppContext,
  userId: number,
  input: { event: string; metadata?: Record<string, unknown> | undefined },
): Promise<{ ok: true }> {
  const metadata = input.metadata ?? null;
  if (metadata && Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) throw AppError.fields({ metadata: [FIELD_MSG.invalid] });
  await ctx.repos.banking.addLinkEvent({ userId, event: input.event, metadata, at: ctx.now() });
  return { ok: true };
}
