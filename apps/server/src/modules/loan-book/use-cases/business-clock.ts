import type { TAdvanceResponse, TBusinessDateResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { addDays, diffDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessDate, realToday } from '../servicing-policy';
import { DAILY_JOB, runDailyServicing } from './daily-run';
import type { RunReport } from './daily-run';

/** Days the clock may move in one call (a year and a bit: enough to walk a loan to charge-off). */
export const MAX_ADVANCE_DAYS = 400;

/** GET /servicing/business_date */
export async function getBusinessClock(ctx: AppContext): Promise<TBusinessDateResponse> {
  const production = ctx.config.env === 'production';
  const [date, override, state] = await Promise.all([
    businessDate(ctx),
    production ? Promise.resolve(null) : ctx.repos.loanBook.businessDateOverride(),
    ctx.repos.loanBook.dayState(),
  ]);
  return { business_date: date, real_date: realToday(ctx), override_date: override, movable: !production, last_completed_run: state.lastCompleted };
}

/** How long a clock move or "Run now" waits for a day another runner is finishing. */
const FINISH_WAIT_MS = 60_000;

/**
 * Another runner (the scheduled job, another instance) may hold some of the day's claims when a servicer
 * moves the clock or presses "Run now": our run skips them (FOR UPDATE SKIP LOCKED). The answer waits until
 * the day is completed by whoever holds them (or FINISH_WAIT_MS passes), then reports the whole day's
 * counts, so what the servicer reads — the report, the Collections queue, a loan — is the day serviced.
 */
async function untilDayDone(ctx: AppContext, run: RunReport, through: IsoDate): Promise<RunReport> {
  const deadline = Date.now() + FINISH_WAIT_MS;
  while ((await ctx.repos.loanBook.day(through))?.completedAt == null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const dates = await Promise.all(
    run.dates.map(async (d) => {
      const counts = await ctx.repos.loanBook.runCounts(DAILY_JOB, d.date);
      return { date: d.date, done: counts.done ?? 0, failed: counts.failed ?? 0 };
    }),
  );
  return { ...run, dates };
}

const reportWire = (r: RunReport) => ({ dates: r.dates, loans_processed: r.loansProcessed, seconds: Math.round(r.seconds * 1000) / 1000 });

/**
 * POST /servicing/business_date: moves the business clock forward (to `date`, or by `days`) and runs the
 * daily servicing for every day up to it, in order. Refused in production; never backwards. Audited.
 */
export async function advanceBusinessDate(
  ctx: AppContext,
  staff: TStaffMember,
  body: { date?: string | undefined; days?: number | undefined },
): Promise<TAdvanceResponse> {
  if (ctx.config.env === 'production') throw new AppError('forbidden', SERVICING_BO_MSG.notInProduction);
  if ((body.date === undefined) === (body.days === undefined)) throw new AppError('validation', SERVICING_BO_MSG.dateOrDays);
  const current = await businessDate(ctx);
  let target: IsoDate;
  try {
    target = body.date !== undefined ? parseIsoDate(body.date) : addDays(current, body.days!);
  } catch {
    throw AppError.fields({ date: ['must be a YYYY-MM-DD date'] });
  }
  if (target < current) throw new AppError('validation', SERVICING_BO_MSG.dateBackwards);
  if (diffDays(current, target) > MAX_ADVANCE_DAYS) throw new AppError('validation', SERVICING_BO_MSG.tooFar);
  const at = ctx.now();
  await ctx.repos.loanBook.setBusinessDateOverride(target, staff.id, at);
  await ctx.repos.loanBook.audit({
    staffUserId: staff.id,
    action: 'business_date_advanced',
    targetUserId: null,
    before: { business_date: current },
    after: { business_date: target },
    at,
  });
  const run = await untilDayDone(ctx, await runDailyServicing(ctx, { through: target }), target);
  return { clock: await getBusinessClock(ctx), run: reportWire(run) };
}

/** POST /servicing/run: today's servicing now (and any day not yet run before it). Audited. */
export async function runServicingNow(ctx: AppContext, staff: TStaffMember): Promise<TAdvanceResponse> {
  const date = await businessDate(ctx);
  await ctx.repos.loanBook.audit({
    staffUserId: staff.id,
    action: 'servicing_run',
    targetUserId: null,
    before: {},
    after: { business_date: date },
    at: ctx.now(),
  });
  const run = await untilDayDone(ctx, await runDailyServicing(ctx, { through: date }), date);
  return { clock: await getBusinessClock(ctx), run: reportWire(run) };
}
