import type { IsoDate } from '@payrail/domain/dates';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../context';

/**
 * THE business date every servicing rule reads (payment dates, payoff quotes, due and past-due days,
 * the daily run). In production it is always the real calendar date (UTC) of `ctx.now()`; elsewhere a
 * staff-set override (business_clock, one row) moves it; the back-office control that sets it decides
 * which dates it accepts.
 */
export async function businessToday(ctx: AppContext): Promise<IsoDate> {
  const real = utcDay(ctx.now());
  if (ctx.config.env === 'production') return real;
  const override = await ctx.repos.loanBook.businessDateOverride();
  return (override ?? real) as IsoDate;
}

/** {@link businessToday} from an override already read (`businessDateOverride`, or a column of a bigger statement). */
export function businessTodayFrom(ctx: AppContext, override: string | null): IsoDate {
  const real = utcDay(ctx.now());
  if (ctx.config.env === 'production') return real;
  return (override ?? real) as IsoDate;
}

/** Whether the business date may be moved (never in production). */
export const businessClockMovable = (ctx: AppContext): boolean => ctx.config.env !== 'production';
