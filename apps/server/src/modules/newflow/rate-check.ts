import { addDays, utcDay } from '@payrail/domain/dates';
import { cents, type Cents } from '@payrail/domain/money';
import { decide } from '@payrail/domain/underwriting/decide';
import { type BureauReport, decideRateCheck } from '@payrail/domain/underwriting/rate-check';
import type { AppContext } from '../../context';
import { SSN_AAD } from '../application/field-rules';
import { loadApplicationFacts } from '../application/application-facts';
import type { StatusMove } from '../workflow/repository';
import { NO_FACTS, moveIfAllowed } from '../workflow/move';
import { findBorrower, findMember } from '../identity/members';
import { findProfile, updateActiveApplication } from '../application/applications';
import { findState } from '../reference/reference-data';
import { sendCounterofferNotice } from './counteroffer-notice';
import type { NewflowRow } from './repository';

const TARGET = { approved: 'select_program', counteroffer: 'select_program', declined: 'denied', thin_file: 'cant_proceed' } as const;

/**
 * The rate-check job for one claimed row: the bureau's soft pull on the stored SSN, the underwriting
 * engine's decision on the stored answers, combined by `decideRateCheck`; the result and the move
 * (rate_check → select_program / denied / cant_proceed, by the system) are written with the claim.
 */
async function rateCheckWork(ctx: AppContext, row: NewflowRow) {
  const [member, profile, borrower] = await Promise.all([findMember(ctx, row.userId), findProfile(ctx, row.userId), findBorrower(ctx, row.userId)]);
  if (!member || !profile?.ssnSealed) throw new Error('rate check without an SSN on file');
  const ssn = (await ctx.cryptoBox()).open(profile.ssnSealed, SSN_AAD);
  const state = borrower?.stateId != null ? await findState(ctx, String(borrower.stateId)) : undefined;
  const report = await ctx.providers.creditBureau.softPull({
    ssn,
    firstName: borrower?.firstName ?? '',
    lastName: borrower?.lastName ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: state?.abbreviation ?? '',
    zipCode: profile.zipCode ?? '',
  });
  const requested = row.loanAmountCents ?? 0;
  const { facts, ruleSet, today } = await loadApplicationFacts(ctx, row.userId, 'employer', requested > 0 ? { requestedAmountCents: requested as Cents } : {});
  const engine = decide(facts, ruleSet, today);
  const bureau: BureauReport =
    report.status === 'hit' ? { status: 'hit', score: report.score, reasonTexts: report.reasonCodes.map((r) => r.text) } : { status: report.status };
  const result = decideRateCheck(requested > 0 ? requested : facts.requestedAmountCents, engine, bureau);
  const approvedCents = result.approvedAmountCents === null ? null : cents(result.approvedAmountCents);
  const at = ctx.now();
  const to = TARGET[result.outcome];
  const move: StatusMove | null =
    member.workflowStatus === 'rate_check'
      ? moveIfAllowed({ userId: row.userId, from: 'rate_check', to, actor: 'system', context: { ...NO_FACTS, newFlow: true }, at })
      : null;
  return {
    patch: {
      rateCheckOutcome: result.outcome,
      rateCheckApprovedCents: approvedCents,
      rateCheckReasons: [...result.adverseActionReasons],
      rateCheckBureau: {
        status: report.status,
        reference: report.reference,
        score: report.status === 'hit' ? report.score : null,
        rule_set: engine.ruleSetVersion,
        engine_outcome: engine.outcome,
        reapply_on: engine.reapplyOn,
      },
      rateCheckError: null,
    },
    move,
    result,
    approvedCents,
    engine,
    requested: requested > 0 ? requested : facts.requestedAmountCents,
    score: report.status === 'hit' ? report.score : null,
    keyFactors: report.status === 'hit' ? report.reasonCodes.map((r) => r.text) : [],
  };
}

/** A job claimed longer ago than this is taken as abandoned (its process died) and claimed again. */
const STALE_AFTER_MS = 2 * 60_000;
const MAX_ATTEMPTS = 3;

/**
 * Runs pending rate-check jobs (all, or one member's) until none is left. Several callers at once (the
 * 5-second polls, the timer, other instances) share them through the claim: each job runs once, and a
 * decision is recorded once (the finish only applies while the claim is still running).
 */
export async function runRateChecks(ctx: AppContext, opts: { userId?: number; limit?: number } = {}): Promise<number> {
  let done = 0;
  for (let i = 0; i < (opts.limit ?? 50); i++) {
    const at = ctx.now();
    const row = await ctx.repos.newflow.claimRateCheck({
      ...(opts.userId === undefined ? {} : { userId: opts.userId }),
      at,
      staleBefore: new Date(at.getTime() - STALE_AFTER_MS),
    });
    if (!row) break;
    const attempts = row.rateCheckAttempts + 1;
    let work;
    try {
      work = await rateCheckWork(ctx, row);
    } catch (err) {
      await ctx.repos.newflow.failRateCheck(row.id, attempts, MAX_ATTEMPTS, String((err as Error).message ?? err), ctx.now());
      continue;
    }
    const finishedAt = ctx.now();
    if (!(await ctx.repos.newflow.finishRateCheck(row.id, attempts, work.patch, work.move, finishedAt))) continue;
    done++;
    // The application row carries the amount offered (a counteroffer caps the loan terms like a
    // reviewer's) or the outcome and reapply date of a decline.
    const declined = work.result.outcome === 'declined' || work.result.outcome === 'thin_file';
    // A decline on the bureau file alone waits the engine's usual 90 days.
    const reapply = typeof work.engine.reapplyOn === 'string' ? work.engine.reapplyOn : addDays(utcDay(finishedAt), 90);
    await updateActiveApplication(
      ctx,
      row.userId,
      declined ? { outcome: 'denied', decidedAt: finishedAt, reapplyOn: reapply } : { negotiatedAmountCents: work.approvedCents },
      finishedAt,
    );
    // A counteroffer is an adverse action: its combined notice is recorded and e-mailed now (counteroffer-notice.ts).
    if (work.result.outcome === 'counteroffer' && work.result.approvedAmountCents !== null) {
      await sendCounterofferNotice(ctx, row.userId, {
        requestedCents: work.requested,
        offeredCents: work.result.approvedAmountCents,
        reasons: work.result.adverseActionReasons,
        score: work.score,
        keyFactors: work.keyFactors,
        at: finishedAt,
      });
    }
    if (opts.userId !== undefined) break;
  }
  return done;
}

export const RATE_CHECK_QUEUE = 'newflow.rate-check';

/** A rate-check job: one member's (queued when a poll left it pending), or all left-overs (`{}`, the schedule). */
export type RateCheckJob = { userId?: number };

/**
 * NEWFLOW_RATE_CHECK_INTERVAL_SECONDS as the queue's cron schedule (UTC; cron counts minutes): every
 * ⌈N/60⌉ minutes, at most hourly; 0: no schedule (left-overs wait for the member's next poll).
 */
export function rateCheckCron(seconds: number): string | undefined {
  if (seconds <= 0) return undefined;
  const minutes = Math.min(60, Math.max(1, Math.ceil(seconds / 60)));
  return minutes === 1 ? '* * * * *' : minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

/**
 * The `newflow.rate-check` queue (issue #30), in place of the old in-process timer: the member's poll runs
 * their job at once (steps/rate-check.ts) and stays the fast path; the queue runs the left-overs on its
 * schedule (all pending jobs; a `{userId}` job runs one member's, e.g. sent from the Jobs page or a script). The claim in
 * `newflow_applications` still makes each decision once, whoever runs it; a bureau error is counted by the
 * row's own attempts (3, then `failed`), so the job itself only retries when the run could not start.
 */
export function defineRateCheckQueue(ctx: AppContext): void {
  const schedule = rateCheckCron(ctx.config.rateCheckIntervalSeconds);
  ctx.jobs.define<RateCheckJob>({
    name: RATE_CHECK_QUEUE,
    description: 'Runs new-flow rate checks (soft pull and decision) that no poll has run: a closed browser, a bureau error to retry.',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 2,
    ...(schedule ? { schedule } : {}),
    subject: (d) => (d.userId === undefined ? 'left-overs' : `member ${d.userId}`),
    handler: async (data) => {
      await runRateChecks(ctx, data.userId === undefined ? {} : { userId: data.userId });
    },
  });
}
