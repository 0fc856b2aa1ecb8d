import { REFERRAL_MSG } from '@payrail/contract/referral';
import type { TReferralPayout, TReferralProgram } from '@payrail/contract/referral';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import type { IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { achCreditTraceNumbers, referralPayoutItems, staffActions } from '../src/db/schema/index';
import { payoutQueue, REFERRAL_PAYOUT_QUEUE } from '../src/modules/referral/use-cases/originate-payout';
import { settleReferralPayouts } from '../src/modules/referral/use-cases/settle-payouts';
import { auth, call, outbox } from './identity-helpers';
import { receiverAccountRow } from './servicing-helpers';
import * as payouts from './referral-payout-helpers';
import { bankReturnFile } from './support/bank-return-file';
import type { BankReturn } from './support/bank-return-file';
import type { TestApp } from './test-app';

/**
 * A referral payout's ACH credit carries a reserved NACHA trace number, so the bank's return file returns
 * it: the payout `returned` with the bank's code, once (re-uploads and concurrent uploads are duplicates),
 * from pending or after it looked settled; the member told; its rewards payable again, but not to the
 * account that returned them until that account changes.
 */
const suite = payouts.payoutAppForFile();
let app: TestApp;
let servicer: string;
let today: IsoDate;
type AppAch = TestApp['ctx']['providers']['ach'];
let achSpy: payouts.PayoutApp['achSpy'];
beforeAll(() => {
  ({ app, servicer, today, achSpy } = suite);
});

const db = () => app.ctx.database.db;
const payableReferrer = () => payouts.payableReferrer(suite);
const release = (userId: number, key: string) => payouts.releasePayout(suite, userId, key);
/** Released and originated at once: the payout (pending) with its stored NACHA trace number. */
async function releasedPayout(userId: number, key: string) {
  const res = await release(userId, key);
  expect(res.statusCode, res.body).toBe(200);
  const payout = res.json<TReferralPayout>();
  expect(payout.status).toBe('pending');
  return { payout, trace: (await payoutRow(payout.id)).achTraceNumber! };
}
const payoutRow = (id: number) => payouts.payoutRow(suite, id);
const returnNoticesOf = (userId: number) => payouts.returnNoticesOf(suite, userId);
const program = async (token: string) => (await call(app, { url: '/api/referral', headers: auth(token) })).json<TReferralProgram>();
const upload = (text: string) =>
  call(app, { method: 'POST', url: '/api/backoffice/ach/returns', headers: { ...auth(servicer), 'content-type': 'text/plain' }, payload: text });

/** The bank's return file: returns of our credits (code 21, checking) with their addenda 99. */
const returnFile = (returns: BankReturn[]) =>
  bankReturnFile(returns, {
    of: 'credits',
    on: today,
    account: '000555000222',
    individualId: 'REFERRAL',
    individualName: 'Member',
    entryDescription: 'REFERRAL',
  });

describe('a referral payout’s credit carries a reserved NACHA trace number', () => {
  it('reserved per the originator’s key before sending, stored on the payout; a retry after a failure sends the same number', async () => {
    const referrer = await payableReferrer();
    achSpy.mockRejectedValueOnce(new Error('ACH originator unavailable'));
    const queued = (await release(referrer.id, `payret-trace-${referrer.id}`)).json<TReferralPayout>();
    expect(queued.status).toBe('queued');
    expect(await payoutRow(queued.id)).toMatchObject({ achTraceNumber: null, bankAccountId: null });
    const firstTry = achSpy.mock.calls[0]![0];
    expect(firstTry.traceNumber).toMatch(/^\d{15}$/);
    // The reservation was committed before the failed send: the job's retry sends the same entry number.
    await payoutQueue(app.ctx).definition.handler({ id: queued.id }, { id: 'payret-1', queue: REFERRAL_PAYOUT_QUEUE, attempt: 2 });
    expect(achSpy).toHaveBeenCalledTimes(2);
    expect(achSpy.mock.calls[1]![0]).toMatchObject({ traceNumber: firstTry.traceNumber, idempotencyKey: firstTry.idempotencyKey });
    const row = await payoutRow(queued.id);
    expect(row).toMatchObject({ status: 'pending', achTraceNumber: firstTry.traceNumber });
    expect(row.bankAccountId).toEqual(expect.any(Number));
    const [reserved] = await db().select().from(achCreditTraceNumbers).where(eq(achCreditTraceNumbers.idempotencyKey, firstTry.idempotencyKey));
    expect(reserved!.traceNumber).toBe(firstTry.traceNumber);
  });
});

describe('the bank’s return file returns a referral payout', () => {
  let statusSpy: MockInstance<AppAch['status']>;
  beforeEach(() => {
    statusSpy = vi.spyOn(app.ctx.providers.ach, 'status').mockResolvedValue('pending');
  });
  afterEach(() => {
    statusSpy.mockRestore();
  });

  it('applied once: returned with the bank’s code, the member told, the rewards payable again, audited; a re-upload is a duplicate', async () => {
    const referrer = await payableReferrer();
    const { payout, trace } = await releasedPayout(referrer.id, `payret-return-${referrer.id}`);
    const file = returnFile([{ trace, code: 'R03', amountCents: 5_000 }]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body).toMatchObject({ applied: [], duplicates: [], unmatched: [] });
    expect(body.referral_payouts).toEqual([
      {
        line: 3,
        original_trace: trace,
        return_code: 'R03',
        return_reason: 'No account / unable to locate account',
        amount: 5_000,
        outcome: 'applied',
        referral_payout_id: payout.id,
        user_id: referrer.id,
        returned_at: expect.any(String),
      },
    ]);
    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'returned', returnCode: 'R03', settledAt: null });
    expect(row.returnedAt!.toISOString()).toBe(body.referral_payouts![0]!.returned_at);
    const items = await db().select().from(referralPayoutItems).where(eq(referralPayoutItems.payoutId, payout.id));
    expect(items.every((i) => i.returnedAt !== null)).toBe(true);
    const notices = await returnNoticesOf(referrer.id);
    expect(notices.map((n) => n.message)).toEqual([
      'Your referral rewards of $50.00 could not be delivered to your bank account (R03 No account / unable to locate account). Nothing is lost: they are payable again and will be sent with a later payout. Please check the bank account on your profile.',
    ]);
    expect((await outbox(app, referrer.email)).filter((m) => m.subject === 'Your referral rewards could not be delivered')).toHaveLength(1);
    expect(await program(referrer.token)).toMatchObject({ paid: 0, payable: 5_000 });
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'ach_return_file_applied'));
    expect(audits.filter((a) => JSON.stringify(a.after).includes(trace)).at(-1)).toMatchObject({
      after: { applied: [], referral_payouts: [{ trace, code: 'R03', outcome: 'applied', referral_payout_id: payout.id }] },
    });

    // The same file again: a duplicate, nothing moves, nobody is told twice.
    const again = (await upload(file)).json<TAchReturnsResponse>();
    expect(again.referral_payouts).toEqual([
      expect.objectContaining({ outcome: 'duplicate', referral_payout_id: payout.id, returned_at: row.returnedAt!.toISOString() }),
    ]);
    expect(again).toMatchObject({ applied: [], duplicates: [], unmatched: [] });
    expect(await payoutRow(payout.id)).toEqual(row);
    expect(await returnNoticesOf(referrer.id)).toHaveLength(1);
    expect((await outbox(app, referrer.email)).filter((m) => m.subject === 'Your referral rewards could not be delivered')).toHaveLength(1);
    // ...and the status read does not move it again either.
    await settleReferralPayouts(app.ctx);
    expect(await payoutRow(payout.id)).toEqual(row);
  });

  it('a credit returned after it looked settled is returned (settled_at kept); a different amount is unmatched', async () => {
    const referrer = await payableReferrer();
    const { payout, trace } = await releasedPayout(referrer.id, `payret-settled-${referrer.id}`);
    statusSpy.mockImplementation(async (t: string) => (t === payout.trace_id ? 'settled' : 'pending'));
    await settleReferralPayouts(app.ctx);
    const settled = await payoutRow(payout.id);
    expect(settled.status).toBe('settled');

    const wrong = (await upload(returnFile([{ trace, code: 'R02', amountCents: 4_999 }]))).json<TAchReturnsResponse>();
    expect(wrong.unmatched).toEqual([expect.objectContaining({ original_trace: trace, reason: SERVICING_BO_MSG.returnAmountDiffers(5_000, 4_999) })]);
    expect(wrong.referral_payouts).toEqual([]);
    expect((await payoutRow(payout.id)).status).toBe('settled');

    const res = (await upload(returnFile([{ trace, code: 'R02', amountCents: 5_000 }]))).json<TAchReturnsResponse>();
    expect(res.referral_payouts).toEqual([expect.objectContaining({ outcome: 'applied', referral_payout_id: payout.id })]);
    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'returned', returnCode: 'R02', settledAt: settled.settledAt });
    expect(await program(referrer.token)).toMatchObject({ paid: 0, payable: 5_000 });
    expect(await returnNoticesOf(referrer.id)).toHaveLength(1);
  });

  it('two uploads of the file at once apply the return once and tell the member once', async () => {
    const referrer = await payableReferrer();
    const { payout, trace } = await releasedPayout(referrer.id, `payret-race-${referrer.id}`);
    const file = returnFile([{ trace, code: 'R16', amountCents: 5_000 }]);
    const answers = await Promise.all([upload(file), upload(file), upload(file)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const outcomes = answers.flatMap((a) => a.json<TAchReturnsResponse>().referral_payouts!.map((p) => p.outcome)).sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'returned', returnCode: 'R16' });
    expect(await returnNoticesOf(referrer.id)).toHaveLength(1);
    expect((await outbox(app, referrer.email)).filter((m) => m.subject === 'Your referral rewards could not be delivered')).toHaveLength(1);
    const items = await db().select().from(referralPayoutItems).where(eq(referralPayoutItems.payoutId, payout.id));
    expect(new Set(items.map((i) => i.returnedAt?.getTime())).size).toBe(1);
  });

  it('rewards are not sent again to the account that returned them until the account changes', async () => {
    const referrer = await payableReferrer();
    const { payout, trace } = await releasedPayout(referrer.id, `payret-same-${referrer.id}`);
    expect((await upload(returnFile([{ trace, code: 'R03', amountCents: 5_000 }]))).json<TAchReturnsResponse>().referral_payouts).toHaveLength(1);
    achSpy.mockClear();
    const refused = await release(referrer.id, `payret-same-again-${referrer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: REFERRAL_MSG.payoutSameAccount });
    expect(achSpy).not.toHaveBeenCalled();
    expect(await program(referrer.token)).toMatchObject({ payable: 5_000 });

    // The member gives a corrected account: the rewards go out once, to it, as a new entry.
    const corrected = await app.ctx.repos.banking.replaceReceiver(await receiverAccountRow(app, referrer.id, '000555000333'), null);
    const again = await release(referrer.id, `payret-same-corrected-${referrer.id}`);
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<TReferralPayout>();
    expect(second).toMatchObject({ status: 'pending', amount: 5_000 });
    const row = await payoutRow(second.id);
    expect(row.bankAccountId).toBe(corrected!.id);
    expect(row.achTraceNumber).toMatch(/^\d{15}$/);
    expect(row.achTraceNumber).not.toBe(trace);
    expect(achSpy.mock.calls[0]![0]).toMatchObject({ account: '000555000333', traceNumber: row.achTraceNumber });
    expect((await payoutRow(payout.id)).status).toBe('returned');
    const live = await db()
      .select()
      .from(referralPayoutItems)
      .where(and(eq(referralPayoutItems.payoutId, second.id)));
    expect(live.every((i) => i.returnedAt === null)).toBe(true);
  });
});
