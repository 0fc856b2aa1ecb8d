import { CARE_MSG } from '@payrail/contract/care';
import type { TConsentCentre, TConsentRecord } from '@payrail/contract/care';
import type { TStaffMember } from '@payrail/contract/staff';
import {
  CONSENT_RESTORED_NOTICE,
  ELECTRONIC_CONSENT,
  consentWithdrawnNotice,
  electronicConsentState,
  renewalRefusal,
  withdrawalConsequences,
  withdrawalRefusal,
} from '@payrail/domain/care/consents';
import { DUE_DATE_CHANGE_AGREEMENT } from '@payrail/domain/care/due-date-change';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import { findMember } from '../../identity/members';

/** Statuses after which no application is under way (nothing left to complete electronically). */
const ENDED = new Set(['declined', 'denied', 'dropped', 'canceled', 'not_qualified']);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /dashboard/consents: every record the member accepted or signed, and the E-SIGN consent's state. */
export async function getConsentCentre(ctx: AppContext, userId: number): Promise<TConsentCentre> {
  const member = await findMember(ctx, userId);
  if (!member) throw AppError.notFound(CARE_MSG.borrowerNotFound);
  const f = await ctx.repos.care.consentFacts(userId);
  const records: TConsentRecord[] = [
    ...f.accepted.map((r) => ({
      key: `agreement:${r.id}`,
      kind: 'agreement' as const,
      name: r.name,
      title: r.title,
      version: r.version,
      accepted_at: r.at.toISOString(),
      ip: r.ip,
      detail: null,
      revoked_at: null,
      document_id: r.documentId,
    })),
    ...f.signed.map((r) => ({
      key: `esignature:${r.id}`,
      kind: 'esignature' as const,
      name: r.name,
      title: 'Promissory note (signed)',
      version: r.version,
      accepted_at: r.at.toISOString(),
      ip: r.ip,
      detail: `Signed as ${r.signatureName}`,
      revoked_at: null,
      document_id: r.documentId,
    })),
    ...f.ach.map((r) => ({
      key: `ach_authorization:${r.id}`,
      kind: 'ach_authorization' as const,
      name: r.name,
      title: r.title,
      version: r.version,
      accepted_at: r.at.toISOString(),
      ip: r.ip,
      detail: r.last4 ? `Account ending ${r.last4}` : null,
      revoked_at: null,
      document_id: r.documentId,
    })),
    ...f.autoDebit.map((r) => ({
      key: `auto_debit_authorization:${r.id}`,
      kind: 'auto_debit_authorization' as const,
      name: r.name,
      title: r.title,
      version: r.version,
      accepted_at: r.at.toISOString(),
      ip: r.ip,
      detail: `Loan ${r.loan}${r.last4 ? `, account ending ${r.last4}` : ''}`,
      revoked_at: iso(r.revokedAt),
      document_id: r.documentId!,
    })),
    ...f.dueDateChanges.map((r) => ({
      key: `due_date_change:${r.id}`,
      kind: 'due_date_change' as const,
      name: 'due_date_change_agreement',
      title: DUE_DATE_CHANGE_AGREEMENT.title,
      version: r.version,
      accepted_at: r.at.toISOString(),
      ip: r.ip,
      detail: `Loan ${r.loan}, signed as ${r.signatureName}`,
      revoked_at: null,
      document_id: r.documentId,
    })),
  ].sort((a, b) => (a.accepted_at < b.accepted_at ? -1 : a.accepted_at > b.accepted_at ? 1 : a.key.localeCompare(b.key)));

  const withdrawals = f.withdrawals.filter((w) => w.agreementName === ELECTRONIC_CONSENT);
  const state = electronicConsentState(
    f.accepted.some((a) => a.name === ELECTRONIC_CONSENT),
    withdrawals.map((w) => ({ withdrawnAt: w.withdrawnAt.toISOString(), restoredAt: iso(w.restoredAt) })),
  );
  const standing = withdrawals.find((w) => w.restoredAt === null) ?? null;
  return {
    records,
    electronic_communications: {
      state,
      delivery: state === 'withdrawn' ? 'paper' : 'electronic',
      withdrawn_at: iso(standing?.withdrawnAt ?? null),
      mailing_address: standing ? standing.mailingAddress : mailingAddressOf(f.profile),
      consequences: withdrawalConsequences({
        hasOpenLoan: f.hasOpenLoan,
        applicationInProgress: !f.hasOpenLoan && !ENDED.has(member.workflowStatus),
        mailingAddress: mailingAddressOf(f.profile),
      }),
      history: withdrawals.map((w) => ({
        withdrawn_at: w.withdrawnAt.toISOString(),
        restored_at: iso(w.restoredAt),
        recorded_by_staff: w.recordedByStaffId !== null,
      })),
    },
  };
}

/** The profile's address on one line, or null when it is incomplete. */
function mailingAddressOf(
  p: { address: string | null; unit: string | null; city: string | null; zip: string | null; state: string | null } | null,
): string | null {
  if (!p?.address || !p.city || !p.zip) return null;
  return `${p.address}${p.unit ? ` ${p.unit}` : ''}, ${p.city}, ${p.state ? `${p.state} ` : ''}${p.zip}`;
}

/**
 * POST /dashboard/consents/electronic_communications/withdraw (the borrower) or the back office's record of
 * a withdrawal received by phone or mail (staff, audited). Refused (422) when the consent was never given,
 * is already withdrawn, or the consequences were not confirmed; otherwise recorded with the paper address
 * and a notification, in one transaction.
 */
export async function withdrawElectronicConsent(
  ctx: AppContext,
  userId: number,
  confirmed: boolean,
  client: ClientInfo,
  staff: TStaffMember | null = null,
): Promise<TConsentCentre> {
  const before = await getConsentCentre(ctx, userId);
  const refusal = withdrawalRefusal(before.electronic_communications.state, confirmed);
  if (refusal) throw new AppError('validation', refusal);
  const address = before.electronic_communications.mailing_address;
  const row = await ctx.repos.care.withdraw({
    userId,
    agreementName: ELECTRONIC_CONSENT,
    mailingAddress: address,
    ip: client.ip,
    userAgent: client.userAgent,
    staffUserId: staff?.id ?? null,
    notice: consentWithdrawnNotice(address),
    at: ctx.now(),
  });
  if (!row) throw new AppError('validation', withdrawalRefusal('withdrawn', true)!);
  return getConsentCentre(ctx, userId);
}

/** POST /dashboard/consents/electronic_communications/restore: the borrower gives the consent again. */
export async function restoreElectronicConsent(ctx: AppContext, userId: number, client: ClientInfo): Promise<TConsentCentre> {
  const before = await getConsentCentre(ctx, userId);
  const refusal = renewalRefusal(before.electronic_communications.state);
  if (refusal) throw new AppError('validation', refusal);
  const row = await ctx.repos.care.restore({ userId, agreementName: ELECTRONIC_CONSENT, ip: client.ip, notice: CONSENT_RESTORED_NOTICE, at: ctx.now() });
  if (!row) throw new AppError('validation', renewalRefusal('given')!);
  return getConsentCentre(ctx, userId);
}
