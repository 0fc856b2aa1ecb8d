import type { TAdvanceResponse, TBusinessDateResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { addDays, diffDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessDate, realToday } from '../servicing-policy';
import { runDailyServicing } from './daily-run';
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
  const run = await runDailyServicing(ctx, { through: target });
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
  const run = await runDailyServicing(ctx, { through: date });
  return { clock: await getBusinessClock(ctx), run: reportWire(run) };
}
