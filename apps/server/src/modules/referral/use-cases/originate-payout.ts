import { cents, formatUsd } from '@payrail/domain/money';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { findBorrower, findMember } from '../../identity/members';
import { receiverAccount } from '../../banking/accounts-on-file';
import type { QueueDefinition } from '../../../jobs/port';
import { openAccountNumber } from '../../banking/bank-accounts';
import { creditTraceNumber } from '../../loan-book/use-cases/disbursement-returns';
import type { PayoutRow } from '../repository';
import { settleReferralPayouts } from './settle-payouts';

export const REFERRAL_PAYOUT_QUEUE = 'referral.payout';

/** `{id}` originates one payout; `{}` (the schedule) sweeps payouts a crash left `queued` and reads the pending ones' credits. */
export type PayoutJob = { id?: number };

/** A queued payout older than this with no job at work is swept into one (the eager attempt died with its process). */
const STRANDED_AFTER_SECONDS = 120;
const RETRY_DELAY_SECONDS = 60;
const RETRY_LIMIT = 5;

/** The member's verified receiving account with a full account number, opened, or null. */
export async function payoutAccount(ctx: AppContext, userId: number) {
  const account = await receiverAccount(ctx, userId);
  if (!account || !account.routingNumber || !account.verifiedAt) return null;
  const accountNumber = openAccountNumber(await ctx.cryptoBox(), account);
  return accountNumber
    ? { id: account.id, updatedAt: account.updatedAt, routing: account.routingNumber, accountNumber, accountType: account.accountType ?? 'checking' }
    : null;
}

/**
 * The originator's Idempotency-Key: derived from the rewards paid, so the same rewards are never credited
 * twice — and from the earlier payouts of those rewards that came back (none for a first payout, whose key
 * is the rewards' alone), so paying returned rewards again is a new credit, not the returned one replayed.
 */
export const payoutAchKey = (userId: number, rewardIds: readonly number[], returnedPayoutIds: readonly number[] = []): string => {
  const paid = returnedPayoutIds.length === 0 ? rewardIds.join(',') : `${rewardIds.join(',')}|after-returned:${returnedPayoutIds.join(',')}`;
  return `referral-payout-${userId}-${createHash('sha256').update(paid).digest('hex').slice(0, 24)}`;
};

/**
 * The referral payouts' queue (issue #30): a released payout is originated as an ACH credit by this job,
 * at most once (the payout row's lock + the originator's key of the rewards), retried with back-off while
 * the originator fails, then dead-lettered (the Jobs page shows it with its error; an admin's retry runs it
 * again). A payout whose member no longer has a verified account fails the same way, visibly.
 */
export function payoutQueue(ctx: AppContext) {
  async function originate(id: number): Promise<PayoutRow | null> {
    const found = await ctx.repos.referral.payoutById(id);
    if (!found || found.status !== 'queued') return found ?? null;
    // Read before the payout's transaction: on the embedded database a read outside it would wait for it.
    const account = await payoutAccount(ctx, found.userId);
    if (!account) throw new Error(`payout ${id}: the member has no verified bank account with a full account number`);
    const [member, borrower] = await Promise.all([findMember(ctx, found.userId), findBorrower(ctx, found.userId)]);
    const name = [borrower?.firstName, borrower?.lastName].filter(Boolean).join(' ') || member?.email || `Member ${found.userId}`;
    // The credit's NACHA trace number, reserved (and committed) per the originator's key before sending, as a
    // disbursement's: a retry after a crash sends the same entry under the same number; a bank's return quotes it.
    const credit = await ctx.repos.referral.payoutCredit(id);
    const key = payoutAchKey(found.userId, credit.rewardIds, credit.returnedPayoutIds);
    const traceNumber = await creditTraceNumber(ctx, key);
    return ctx.repos.referral.originatePayout(
      id,
      async (payout, rewardIds, returnedPayoutIds) => {
        // Re-read under the row lock: the same rewards, so the same key (else the next attempt reserves anew).
        if (payoutAchKey(payout.userId, rewardIds, returnedPayoutIds) !== key) throw new Error(`payout ${id}: its rewards changed before origination`);
        const ach = await ctx.providers.ach.originateCredit({
          amountCents: payout.amountCents,
          routing: account.routing,
          account: account.accountNumber,
          accountType: account.accountType,
          name,
          individualId: `REFERRAL ${payout.userId}`,
          traceNumber,
          idempotencyKey: key,
        });
        return { ...ach, achTraceNumber: traceNumber, bankAccountId: account.id };
      },
      (amountCents) => `Your referral rewards of ${formatUsd(cents(amountCents))} are on their way to your bank account.`,
      ctx.now(),
    );
  }

  /** The eager attempt right after the release; on failure the job takes over. Answers the row after it. */
  async function originateNow(id: number): Promise<PayoutRow | null> {
    try {
      return await originate(id);
    } catch {
      try {
        await ctx.jobs.send<PayoutJob>(REFERRAL_PAYOUT_QUEUE, { id }, { singletonKey: `payout:${id}`, startAfterSeconds: RETRY_DELAY_SECONDS });
      } catch {
        // The schedule's sweep finds the payout still queued.
      }
      return (await ctx.repos.referral.payoutById(id)) ?? null;
    }
  }

  async function sweep(): Promise<number> {
    let queued = 0;
    const before = new Date(ctx.now().getTime() - STRANDED_AFTER_SECONDS * 1000);
    for (const id of await ctx.repos.referral.strandedPayouts(before, 200)) {
      if ((await ctx.jobs.send<PayoutJob>(REFERRAL_PAYOUT_QUEUE, { id }, { singletonKey: `payout:${id}` })) !== null) queued += 1;
    }
    return queued;
  }

  const definition: QueueDefinition<PayoutJob> = {
    name: REFERRAL_PAYOUT_QUEUE,
    description:
      'Originates released referral payouts as ACH credits (retries with back-off); every 5 minutes sweeps up payouts a crash left queued and reads the settlement or return of the pending ones.',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 2,
    schedule: '*/5 * * * *',
    subject: (data) => (data.id === undefined ? 'sweep' : `payout ${data.id}`),
    handler: async (data) => {
      if (data.id === undefined) {
        await sweep();
        await settleReferralPayouts(ctx);
        return;
      }
      const row = await originate(data.id);
      if (row === null) throw new Error(`payout ${data.id} does not exist`);
    },
  };

  return { originate, originateNow, sweep, definition };
}

/** Defines `referral.payout` on the job queue (jobs/queues.ts). */
export function defineReferralPayoutQueue(ctx: AppContext): void {
  ctx.jobs.define(payoutQueue(ctx).definition);
}
