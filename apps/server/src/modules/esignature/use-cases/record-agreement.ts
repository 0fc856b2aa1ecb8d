import { ESIGN_MSG } from '@payrail/contract/esignature';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { AgreementDocumentRow } from '../../reference/repository';
import { memberState } from '../agreements';
import { findAgreementDocument, findAgreementDocumentById, findState } from '../../reference/reference-data';

async function record(ctx: AppContext, userId: number, doc: AgreementDocumentRow, client: ClientInfo) {
  const accepted = await ctx.repos.esignature.recordAgreement({
    userId,
    agreementDocumentId: doc.id,
    at: ctx.now(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { ok: true as const, agreement: { id: doc.id, name: doc.name, accepted_at: accepted.acceptedAt.toISOString() } };
}

/** POST /agreements `{ agreements: { id } }`: the member accepts an agreement document version by id. */
export async function recordAgreementById(ctx: AppContext, userId: number, id: number, client: ClientInfo) {
  const doc = await findAgreementDocumentById(ctx, id);
  if (!doc) throw AppError.notFound(ESIGN_MSG.notFound);
  return record(ctx, userId, doc, client);
}

/**
 * POST /borrower_agreement_documents?agreement={name}: the member accepts the newest version of a
 * document by name (the state's own version first: the member's state unless `state` is given).
 */
export async function recordAgreementByName(ctx: AppContext, userId: number, name: string, state: string | undefined, client: ClientInfo) {
  const abbreviation = state ? ((await findState(ctx, state))?.abbreviation ?? null) : await memberState(ctx, userId);
  const doc = await findAgreementDocument(ctx, name, abbreviation);
  if (!doc) throw AppError.notFound(ESIGN_MSG.notFound);
  return record(ctx, userId, doc, client);
}
