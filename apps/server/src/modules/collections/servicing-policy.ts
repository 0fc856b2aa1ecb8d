import { adjustToBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { cents } from '@payrail/domain/money';
import { lateFeePolicy } from '@payrail/domain/servicing/late-fee';
import type { LateFeePolicy } from '@payrail/domain/servicing/late-fee';
import { statusThresholds } from '@payrail/domain/servicing/status';
import type { StatusThresholds } from '@payrail/domain/servicing/status';
import type { AppContext } from '../../context';
import type { LoanRow } from './repository';

/** The servicing rules in force, from configuration (docs/servicing-operations.md). */
export interface ServicingPolicy {
  readonly thresholds: StatusThresholds;
  readonly lateFee: LateFeePolicy;
  readonly returnWindowDays: number;
  readonly representmentDelayDays: number;
}

export function servicingPolicy(ctx: AppContext): ServicingPolicy {
  const s = ctx.config.servicing;
  return {
    thresholds: statusThresholds(s.defaultDays, s.chargeOffDays),
    lateFee: lateFeePolicy(s.lateFee.graceDays, s.lateFee.flatCents, s.lateFee.percent, s.lateFee.maxCents),
    returnWindowDays: s.returnWindowDays,
    representmentDelayDays: s.representmentDelayDays,
  };
}

/** The real date (UTC) of the server clock. */
export const realToday = (ctx: AppContext): IsoDate => parseIsoDate(ctx.now().toISOString().slice(0, 10));

/**
 * The servicing business date: the real date in production; outside production the business clock's
 * override when it is later than the real date (the clock only moves forward).
 */
export async function businessDate(ctx: AppContext): Promise<IsoDate> {
  const real = realToday(ctx);
  if (ctx.config.env === 'production') return real;
  const override = await ctx.repos.collections.clockOverride();
  return override && override > real ? parseIsoDate(override) : real;
}

/** The loan's contract schedule, rebuilt from the loan row by the loan engine (fee financed when the note includes it). */
export function scheduleOf(loan: LoanRow): LoanSchedule {
  return buildSchedule({
    amountCents: cents(loan.amountCents),
    originationFeeCents: cents(loan.feeCents),
    feeFinanced: loan.feeCents > 0 && loan.notePrincipalCents === loan.amountCents + loan.feeCents,
    annualRatePercent: loan.interestRate,
    frequency: loan.frequency as Frequency,
    numberOfPayments: loan.terms,
    disbursementDate: parseIsoDate(loan.disbursementDate),
    firstPaymentDate: parseIsoDate(loan.firstPaymentDate),
  });
}

/** Installments whose debit is made on `date` (due date moved to the next business day). */
export function installmentsDebitedOn<T extends { dueDate: string }>(installments: readonly T[], date: IsoDate): T[] {
  return installments.filter((i) => adjustToBusinessDay(parseIsoDate(i.dueDate)) === date);
}

/** The dates from `from` to `to` inclusive. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
