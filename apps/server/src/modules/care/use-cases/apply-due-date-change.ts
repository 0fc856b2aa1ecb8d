import type { TDueDateChange, TDueDateChangeOverview, TDueDateChangeRequest } from '@payrail/contract/care';
import { DUE_DATE_CHANGE_AGREEMENT, DUE_DATE_MSG, changeDueDate, dueDateChangedNotice } from '@payrail/domain/care/due-date-change';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { normalizeSignatureName, signatureMatchesName } from '@payrail/domain/esign/signature';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { fullNameOf } from '../../esignature/use-cases/prepare-note';
import type { LoanRow } from '../../loan-book/repository';
import { ownLoan } from '../../loan-book/use-cases/loan-position';
import { documentUrl } from '../../loan-book/use-cases/loan-documents';
import { reviseDueDates } from '../../loan-book/use-cases/revise-due-dates';
import { renderDueDateChangeAgreement } from '../due-date-change-pdf';
import type { DueDateChangeRow } from '../repository';
import { decideDueDateChange, disclosureOf, dueDateChangeFacts, financeChargeOf, scheduleRowsOf, windowOf } from './preview-due-date-change';

/** The wire shape of an applied change with its loan document. */
export function dueDateChangeWire(c: DueDateChangeRow, documentId: number, loan: Pick<LoanRow, 'identifier'>): TDueDateChange {
  return {
    id: c.id,
    loan_id: c.loanId,
    status: c.status,
    requested_date: c.requestedDate,
    signed_at: c.signedAt.toISOString(),
    signature_name: c.signatureName,
    ip: c.ip,
    agreement_version: c.agreementVersion,
    old_apr: c.aprBefore,
    new_apr: c.aprAfter,
    apr_changed: c.aprBefore !== c.aprAfter,
    finance_charge: c.financeChargeCents,
    total_of_payments: c.totalOfPaymentsCents,
    schedule: c.schedule.map((r) => ({ n: r.n, due_date: r.due_date, new_due_date: r.new_due_date, payment: r.payment_cents, moved: r.moved })),
    document: { id: documentId, file_name: `due-date-change-${loan.identifier}-${String(c.id)}-signed.pdf`, file_url: documentUrl(documentId) },
  };
}

async function changesOf(ctx: AppContext, loan: LoanRow): Promise<TDueDateChange[]> {
  return (await ctx.repos.care.dueDateChangesOfLoan(loan.id)).map((r) => dueDateChangeWire(r.change, r.documentId, loan));
}

/**
 * GET /dashboard/loans/{loanId}/due_date_changes: the window of dates a change may choose now, why a change
 * is refused now (a date-independent rule: not active, past due, the 12-month rule with its date, a debit in
 * flight, nothing left), and the loan's applied changes.
 */
export async function dueDateChangeOverview(ctx: AppContext, userId: number, loanId: number): Promise<TDueDateChangeOverview> {
  const loan = await ownLoan(ctx, userId, loanId);
  const f = await dueDateChangeFacts(ctx, loan);
  const w = windowOf(f);
  // The latest date of the window passes every date rule: what refuses it is a rule of the loan itself.
  const out = w ? changeDueDate({ ...f.input, newDueDate: w.latest }) : changeDueDate({ ...f.input, newDueDate: f.today });
  const refusal = out.ok ? null : out.message;
  return {
    loan_id: loan.id,
    loan_number: loan.identifier,
    window: w && !refusal ? { current_due_date: w.current, earliest: w.earliest, latest: w.latest } : null,
    refusal,
    available_on: out.ok ? null : (out.availableOn ?? null),
    changes: await changesOf(ctx, loan),
  };
}

/** Where a signed agreement's bytes live: random, server-made (as the signed note's). */
function newStorageKey(): string {
  const id = randomBytes(16).toString('hex');
  return `esign/${id.slice(0, 2)}/${id}`;
}

/**
 * POST /dashboard/loans/{loanId}/due_date_change: the borrower signs the re-disclosed schedule. Re-checks
 * the rules on the server (never the preview's answer), checks the typed name is the borrower's legal name
 * and the consent to sign electronically, renders and stores the signed "Due date change agreement" PDF,
 * then applies the revision through `reviseDueDates` with the request (status applied), its loan document
 * and the notification in the SAME transaction. A lost race writes nothing (409) and removes the stored
 * bytes; a retry with the same Idempotency-Key answers the first change.
 */
export async function applyDueDateChange(
  ctx: AppContext,
  member: MemberRow,
  loanId: number,
  body: TDueDateChangeRequest,
  client: ClientInfo,
  idempotencyKey: string | null,
): Promise<TDueDateChange> {
  const loan = await ownLoan(ctx, member.id, loanId);
  if (idempotencyKey) {
    const replay = await ctx.repos.care.dueDateChangeByKey(member.id, idempotencyKey);
    if (replay) return replayOf(ctx, loan, replay);
  }
  const f = await dueDateChangeFacts(ctx, loan);
  const change = decideDueDateChange(f, body.date);
  const legalName = await fullNameOf(ctx, member.id);
  if (!signatureMatchesName(body.signature_name, legalName)) throw AppError.fields({ signature_name: [DUE_DATE_MSG.nameMismatch] });
  if (body.agree !== true) throw AppError.fields({ agree: [DUE_DATE_MSG.agree] });

  const id = await ctx.repos.care.reserveDueDateChangeId();
  const signedAt = ctx.now();
  const rows = scheduleRowsOf(f, change);
  const financeCharge = financeChargeOf(f.schedule);
  const signatureName = normalizeSignatureName(body.signature_name);
  const pdf = Buffer.from(
    await renderDueDateChangeAgreement({
      requestId: id,
      loanNumber: loan.identifier,
      borrowerName: normalizeSignatureName(legalName),
      schedule: rows.map((r) => ({ n: r.n, due_date: r.due_date, new_due_date: r.new_due_date, payment_cents: r.payment, moved: r.moved })),
      oldApr: change.oldAprPercent,
      newApr: change.newAprPercent,
      aprChanged: change.aprChanged,
      financeChargeCents: financeCharge,
      totalOfPaymentsCents: change.totalOfPaymentsCents,
      disclosure: disclosureOf(f, change),
      signature: { name: signatureName, signedAt, ip: client.ip },
    }),
  );
  const storageKey = newStorageKey();
  await ctx.providers.storage.put(storageKey, (await ctx.cryptoBox()).sealBytes(pdf, storageKey), 'application/octet-stream');
  const dropFile = () => ctx.providers.storage.delete(storageKey).catch(() => undefined);

  const firstMovedN = change.moved[0]!;
  const dueDatesAfter = change.installments.map((r) => r.dueDate as string);
  const newDueDate = body.date as IsoDate;
  const notice = dueDateChangedNotice(loan.identifier, newDueDate);
  let applied;
  try {
    applied = await reviseDueDates(ctx, loan, { kind: 'due_date_change', sourceId: id, dueDatesAfter, firstMovedN }, (tx) =>
      ctx.repos.care.recordAppliedDueDateChange(
        tx,
        {
          id,
          loanId: loan.id,
          userId: member.id,
          requestedDate: newDueDate,
          businessDate: f.today,
          firstMovedN,
          schedule: rows.map((r) => ({ n: r.n, due_date: r.due_date, new_due_date: r.new_due_date, payment_cents: r.payment, moved: r.moved })),
          dueDatesBefore: f.installments.map((r) => r.dueDate as string),
          dueDatesAfter,
          aprBefore: change.oldAprPercent,
          aprAfter: change.newAprPercent,
          financeChargeCents: financeCharge,
          totalOfPaymentsCents: cents(change.totalOfPaymentsCents),
          signatureName,
          esignConsent: true,
          signedAt,
          ip: client.ip,
          userAgent: client.userAgent,
          agreementVersion: DUE_DATE_CHANGE_AGREEMENT.version,
          storageKey,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          byteSize: pdf.length,
          status: 'applied',
          idempotencyKey,
          createdAt: signedAt,
        },
        notice,
      ),
    );
  } catch (err) {
    await dropFile();
    // The same Idempotency-Key committed first (a concurrent retry): answer that change.
    if (idempotencyKey) {
      const replay = await ctx.repos.care.dueDateChangeByKey(member.id, idempotencyKey);
      if (replay) return replayOf(ctx, loan, replay);
    }
    throw err;
  }
  if (!applied) {
    await dropFile();
    if (idempotencyKey) {
      const replay = await ctx.repos.care.dueDateChangeByKey(member.id, idempotencyKey);
      if (replay) return replayOf(ctx, loan, replay);
    }
    throw new AppError('conflict', DUE_DATE_MSG.lostRace);
  }
  await ctx.providers.email.send({
    to: member.email,
    subject: 'Your Payrail due date change is done',
    text: `Hello,\n\n${notice}\n\nThe annual percentage rate of your loan is now ${change.newAprPercent}%${change.aprChanged ? ` (it was ${change.oldAprPercent}%)` : ''}; the amount of each payment, the finance charge and the total of payments did not change.\n\nPayrail`,
    meta: { template: 'due_date_changed', loan_identifier: loan.identifier, due_date_change_id: id },
  });
  const [mine] = (await ctx.repos.care.dueDateChangesOfLoan(loan.id)).filter((r) => r.change.id === id);
  return dueDateChangeWire(mine!.change, mine!.documentId, loan);
}

async function replayOf(ctx: AppContext, loan: LoanRow, row: DueDateChangeRow): Promise<TDueDateChange> {
  if (row.loanId !== loan.id) throw new AppError('conflict', 'This Idempotency-Key was used for another request.');
  const [mine] = (await ctx.repos.care.dueDateChangesOfLoan(loan.id)).filter((r) => r.change.id === row.id);
  return dueDateChangeWire(mine!.change, mine!.documentId, loan);
}
