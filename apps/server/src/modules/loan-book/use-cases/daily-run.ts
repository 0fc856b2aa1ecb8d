import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { businessDate, datesBetween, servicingPolicy } from '../servicing-policy';
import { refundCreditBalance } from './refund-credit-balance';
import { sendFundingCredit } from './fund-application';
import { serviceLoan } from './service-loan';
import type { AfterCommit, DelinquencyObservation } from './service-loan';
import { metricsOf } from '../../../lib/metrics';

/** How long after its payoff the daily run keeps paying back a paid-off loan's credit balance (NACHA's longest return window). */
export const CREDIT_SWEEP_DAYS = 60;

/** The job name in servicing_runs. */
export const DAILY_JOB = 'daily_servicing';

/**
 * How long a run waits, in all, for claims another runner holds (the scheduled job, another instance, a
 * second "Run now") before it answers without them; and how often it looks.
 */
export const WAIT_FOR_OTHERS_MS = 60_000;
const WAIT_POLL_MS = 100;

/**
 * What a run did. `dates` counts each date's claims as the day stands when the run leaves it (whoever
 * serviced them); `heldElsewhere`: the dates it left while another runner still held some of their claims
 * (it waited WAIT_FOR_OTHERS_MS in all), with how many.
 */
export type RunReport = {
  dates: { date: IsoDate; done: number; failed: number }[];
  loansProcessed: number;
  seconds: number;
  heldElsewhere: { date: IsoDate; claims: number }[];
};

/**
 * The daily servicing run, catching up day by day: from the oldest planned-but-unfinished date (or the
 * day after the last completed one) through `through` (default: the business date). Each date is planned
 * (one claim per serviced loan), then `workers` loops take up to `batchSize` claims per transaction
 * (the loans are read together, serviced in memory, written in bulk; see withClaimBatch) until none is
 * left. Several instances may run it at once: claims are taken with FOR UPDATE SKIP LOCKED. When our
 * pass over a date is done while another runner still holds some of its claims, the run waits for them
 * (polling, `waitForOthersMs` in all, WAIT_FOR_OTHERS_MS by default), takes any it gave back (a rolled
 * back claim), and only then does the day's collections, completes it and counts it: a clock move or
 * "Run now" beside the scheduled job reports — and leaves behind — the whole day, not the part it took.
 */
export async function runDailyServicing(
  ctx: AppContext,
  opts: {
    through?: IsoDate;
    from?: IsoDate;
    workers?: number;
    batchSize?: number;
    waitForOthersMs?: number;
    onLoanDone?: (loanId: number, date: IsoDate) => void;
  } = {},
): Promise<RunReport> {
  const started = performance.now();
  const waitUntil = Date.now() + Math.max(0, opts.waitForOthersMs ?? WAIT_FOR_OTHERS_MS);
  const repo = ctx.repos.loanBook;
  const through = opts.through ?? (await businessDate(ctx));
  const policy = servicingPolicy(ctx);
  const box = await ctx.cryptoBox(); // built before any transaction (it may read the install's secrets)
  const state = await repo.dayState();
  const resume = state.openDate ? parseIsoDate(state.openDate) : state.lastCompleted ? addDays(parseIsoDate(state.lastCompleted), 1) : through;
  const from = opts.from ?? resume;
  const workers = ctx.database.kind === 'pglite' ? 1 : Math.max(1, opts.workers ?? ctx.config.collections.workers);
  const batchSize = Math.max(0, opts.batchSize ?? ctx.config.collections.batchSize);
  const report: RunReport = { dates: [], loansProcessed: 0, seconds: 0, heldElsewhere: [] };
  for (const date of from <= through ? datesBetween(from, through) : []) {
    await repo.planDay(DAILY_JOB, date, ctx.now());
    // Collections (docs/collections.md): what each loan's servicing observed, kept once its claim committed.
    const observed = new Map<number, DelinquencyObservation>();
    const committed: DelinquencyObservation[] = [];
    const observe = (o: DelinquencyObservation) => void observed.set(o.loanId, o);
    let taken = 0; // claims this run has taken of the date (done or not)
    const loop = async () => {
      if (batchSize === 0) {
        while (await single());
        return;
      }
      for (;;) {
        // A batch of claims in one transaction (set-based reads and writes); e-mails per loan, after the commit.
        const mail = new Map<number, AfterCommit>();
        const batch = await repo.withClaimBatch(DAILY_JOB, date, batchSize, async (store, loanId) => {
          const own: AfterCommit = [];
          mail.set(loanId, own);
          await serviceLoan(ctx, store, box, policy, loanId, date, own, observe);
        });
        if (batch.fallback > 0) {
          // The batch rolled back as a whole: service that many claims one loan per transaction.
          for (let i = 0; i < batch.fallback; i += 1) if (!(await single())) return;
          continue;
        }
        if (batch.claimed === 0) return;
        taken += batch.claimed;
        for (const loanId of batch.done) await afterCommit(loanId, mail.get(loanId) ?? []);
      }
    };
    /** One claim, one loan, one transaction (the fallback of a batch). False when no claim is left. */
    const single = async (): Promise<boolean> => {
      const mail: AfterCommit = [];
      let claimed = 0;
      const outcome = await repo.withNextClaim(DAILY_JOB, date, async (tx, loanId) => {
        claimed = loanId;
        await serviceLoan(ctx, tx, box, policy, loanId, date, mail, observe);
      });
      if (outcome === 'none') return false;
      taken += 1;
      if (outcome === 'done') await afterCommit(claimed, mail); // 'failed' rolled back: its e-mails were never real
      return true;
    };
    const afterCommit = async (loanId: number, mail: AfterCommit) => {
      report.loansProcessed += 1;
      const o = observed.get(loanId);
      if (o) committed.push(o);
      opts.onLoanDone?.(loanId, date);
      // E-mails go after the commit: the in-app notification is exactly-once, the e-mail at most once.
      for (const m of mail) await ctx.providers.email.send(m).catch(() => undefined);
    };
    /** Our workers over the date until no claim is left to take; how many claims they took. */
    const pass = async () => {
      const before = taken;
      await Promise.all(Array.from({ length: workers }, loop));
      return taken - before;
    };
    await pass();
    // Claims another runner holds (we skipped them): wait until it has committed them or given them back,
    // and take what it gave back. None held: no wait (never on PGlite, whose one connection holds nothing
    // beside us).
    for (;;) {
      const claims = await repo.claimsNow(DAILY_JOB, date);
      if (claims.free > 0 && (await pass()) > 0) continue; // given back (a rolled-back claim): ours to take
      const held = claims.held + claims.free; // free ones we could not take were taken by another runner first
      if (held === 0) break;
      if (Date.now() >= waitUntil) {
        report.heldElsewhere.push({ date, claims: held });
        console.warn(`daily run: ${String(held)} claims of ${date} still held by another runner after the wait; the report counts the day as it stands`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
    // Collections (docs/collections.md): delinquency state and buckets, promises to pay, reminder and
    // past-due notices of the day. A failure never holds up servicing: the next day's collections catch
    // up (notices and promises are decided by rule, not by the calendar day).
    // (The collections module's day-end hook, loan-book/hooks.ts.)
    await ctx.hooks.loanBook.collectionsDay(ctx, date, committed).catch((err: unknown) => console.error('collections day failed', date, err));
    if ((await repo.pendingCount(DAILY_JOB, date)) === 0)
      await repo.completeDay(date, ctx.now()).then(() => ctx.hooks.loanBook.dayCompleted(ctx, date).catch(() => undefined)); // the portfolio's month-end facts (docs/portfolio.md; a failure is retried after the next day)
    const counts = await repo.runCounts(DAILY_JOB, date);
    report.dates.push({ date, done: counts.done ?? 0, failed: counts.failed ?? 0 });
  }
  // More than zero comes back: a credit balance still held (no account on file when it arose, money from a
  // debit that could still come back) is paid back once it can be; nothing when there is none.
  for (const loanId of await repo.recentlyPaidOff(new Date(ctx.now().getTime() - CREDIT_SWEEP_DAYS * 86_400_000))) {
    await refundCreditBalance(ctx, loanId, 'credit balance of a paid-off loan').catch(() => undefined);
  }
  // A funding credit not sent (its send failed, or the process died after the loan's commit): sent now, once.
  for (const loanId of await repo.loansWithUnsentCredit()) {
    await sendFundingCredit(ctx, loanId).catch((err: unknown) => console.error('daily run: funding credit still not sent', loanId, err));
  }
  // A referral the send's `firstLoanFunded` did not record (it failed, or the process died after the send's
  // commit): recorded now, once (the referral module's hook; a failure waits for the next run).
  await ctx.hooks.loanBook.fundedReferralsChecked(ctx).catch((err: unknown) => console.error('daily run: referrals of funded loans not checked', err));
  report.seconds = (performance.now() - started) / 1000;
  metricsOf(ctx).dailyRun(report, 'completed');
  return report;
}
