import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AchReturnRecord } from '../../../adapters/ach/port';
import type { AppContext } from '../../../context';
import type { LedgerEntryRow } from '../repository';
import { returnTitleOf } from './loan-servicing';
import type { AfterCommit } from './service-loan';

/**
 * A credit-balance refund the borrower's bank sent back (a return of a credit, 21/31, quoting the trace
 * number reserved for the refund's ACH credit: originator key `payrail-refund:credit_refund:<loan>:<n>`,
 * refund-credit-balance.ts). The money is back with us, so the refund did not happen: the loan book
 * appends a `reversal` naming the `refund` entry (key `reversal:<entry>`, unique: applied once) and the
 * ledger counts the credit on the loan again (loan/ledger.ts). The credit is then held, not sent back to
 * the account that returned it (`refundHeldForReturn`), and the borrower is told.
 */

/** The borrower's message (in-app notification; the same text is e-mailed). */
export const refundReturnedNotice = (amountCents: number, identifier: string, last4: string | null, code: string) =>
  `The ${formatUsd(cents(amountCents))} we refunded from your loan ${identifier} to your bank account${last4 ? ` ending ${last4}` : ''} came back from your bank (${code} ${returnTitleOf(code)}). The money is yours: it is held as a credit on your loan until you add a new bank account in your profile or contact servicing to tell us where to send it.`;

/** The ledger key of the refund a credit's originator key names (`payrail-refund:credit_refund:<loan>:<n>`), else null. */
export function refundOfCreditKey(originatorKey: string): { loanId: number; refundKey: string } | null {
  const m = /^payrail-refund:(credit_refund:(\d+):\d+)$/.exec(originatorKey);
  return m ? { loanId: Number(m[2]), refundKey: m[1]! } : null;
}

/** The bank account an ACH refund entry was sent to (`reasonCode` `ach:<bank account id>`), else null (a card refund). */
export const refundAccountId = (e: Pick<LedgerEntryRow, 'kind' | 'reasonCode'>): number | null => {
  const m = e.kind === 'refund' ? /^ach:(\d+)$/.exec(e.reasonCode ?? '') : null;
  return m ? Number(m[1]) : null;
};

export type RefundReturnOutcome =
  | { kind: 'applied'; loanId: number; loanIdentifier: string; refundEntryId: number; returnedOn: IsoDate }
  | { kind: 'duplicate'; loanId: number; refundEntryId: number; returnedOn: string | null }
  | { kind: 'unmatched'; reason: string }
  /** The trace number is no refund's (the caller may know it as another credit's). */
  | { kind: 'unknown_trace' };

/**
 * Applies one return of a credit that quotes a refund's trace number, under the loan's row lock: the
 * refund entry re-read inside it, a reversal already naming it is a duplicate (a second upload, a
 * concurrent one), an amount that differs is unmatched; else the `reversal` (dated the business date, never
 * before the refund; the return code as its reason code; the uploading servicer as its author) and the
 * borrower's notification, in one transaction. The e-mail goes to `mail`, sent by the caller after the commit.
 */
export async function applyRefundReturn(ctx: AppContext, r: AchReturnRecord, date: IsoDate, staffId: number, mail: AfterCommit): Promise<RefundReturnOutcome> {
  const repo = ctx.repos.loanBook;
  const originatorKey = await repo.creditTraceKey(r.originalTrace);
  const refund = originatorKey ? refundOfCreditKey(originatorKey) : null;
  if (!refund) return { kind: 'unknown_trace' };
  const owner = await repo.loan(refund.loanId);
  if (!owner) return { kind: 'unknown_trace' };
  // What the notice needs, read before the lock (every read inside it goes through the locked transaction).
  const [borrower, seen] = await Promise.all([repo.borrower(owner.userId), repo.ledger(owner.id)]);
  const sentTo = seen.find((e) => e.idempotencyKey === refund.refundKey);
  const accountId = sentTo ? refundAccountId(sentTo) : null;
  const last4 = accountId === null ? null : ((await repo.bankAccount(accountId))?.accountNumberLast4 ?? null);
  const own: AfterCommit = [];
  const outcome = await repo.withLockedLoan(owner.id, async (book): Promise<RefundReturnOutcome> => {
    const entries = await book.entries();
    const entry = entries.find((e) => e.idempotencyKey === refund.refundKey);
    // A number reserved for a refund that then went to a card, or never went out: no ACH credit of ours.
    if (!entry || refundAccountId(entry) === null) return { kind: 'unmatched', reason: SERVICING_BO_MSG.returnNotSent };
    const reversal = entries.find((e) => e.kind === 'reversal' && e.reversesEntryId === entry.id);
    if (reversal) return { kind: 'duplicate', loanId: owner.id, refundEntryId: entry.id, returnedOn: reversal.effectiveDate };
    if (entry.amountCents !== r.amountCents) return { kind: 'unmatched', reason: SERVICING_BO_MSG.returnAmountDiffers(entry.amountCents, r.amountCents) };
    const at = ctx.now();
    const returnedOn = entry.effectiveDate > date ? entry.effectiveDate : date;
    await book.append({
      loanId: owner.id,
      kind: 'reversal',
      effectiveDate: returnedOn,
      amountCents: entry.amountCents,
      reversesEntryId: entry.id,
      reasonCode: r.code,
      reason: `Refund returned by the borrower's bank (${r.code} ${returnTitleOf(r.code)}): the credit is held on the loan`,
      idempotencyKey: `reversal:${String(entry.id)}`,
      createdByStaffId: staffId,
      createdAt: at,
    });
    const message = refundReturnedNotice(entry.amountCents, owner.identifier, last4, r.code);
    await book.notify(owner.userId, message, at);
    if (borrower)
      own.push({ to: borrower.email, subject: 'Your Payrail refund came back from your bank', text: message, meta: { kind: 'servicing', loanId: owner.id } });
    return { kind: 'applied', loanId: owner.id, loanIdentifier: owner.identifier, refundEntryId: entry.id, returnedOn };
  });
  mail.push(...own); // committed: its e-mails are real
  return outcome;
}

/**
 * The rule that keeps a returned refund from going back where it came from: the ACH part of a credit is
 * held (`held: 'returned'`) while the receiving account on file is one a refund of this loan was returned
 * from and has not changed since that return (the bank would send it back again). A new account on file
 * (the borrower's profile; a new row) or a correction of that one (a notification of change, a servicer's
 * edit: its `updatedAt` moves) lifts it, and the daily run's sweep or the next import sends the credit.
 */
export function refundHeldForReturn(entries: readonly LedgerEntryRow[], account: { id: number; updatedAt: Date }): boolean {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return entries.some((e) => {
    const undone = e.kind === 'reversal' && e.reversesEntryId !== null ? byId.get(e.reversesEntryId) : undefined;
    return undone !== undefined && refundAccountId(undone) === account.id && account.updatedAt <= e.createdAt;
  });
}
