import { adjustToBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { lateFeePolicy } from '@payrail/domain/servicing/late-fee';
import type { LateFeePolicy } from '@payrail/domain/servicing/late-fee';
import type { StatusThresholds } from '@payrail/domain/loan/ledger';
import type { AppContext } from '../../context';
import { scheduleOfRecord } from './use-cases/loan-position';
import { businessToday } from '../../lib/business-clock';

/** The servicing rules in force, from configuration (docs/servicing-operations.md). */
export interface ServicingPolicy {
  readonly thresholds: StatusThresholds;
  readonly lateFee: LateFeePolicy;
  readonly returnWindowDays: number;
  readonly representmentDelayDays: number;
}

export function servicingPolicy(ctx: AppContext): ServicingPolicy {
  const s = ctx.config.collections;
  return {
    thresholds: ctx.config.servicing, // THE status thresholds (validated by config: charge-off after default)
    lateFee: lateFeePolicy(s.lateFee.graceDays, s.lateFee.flatCents, s.lateFee.percent, s.lateFee.maxCents),
    returnWindowDays: s.returnWindowDays,
    representmentDelayDays: s.representmentDelayDays,
  };
}

/** The real date (UTC) of the server clock. */
export const realToday = (ctx: AppContext): IsoDate => parseIsoDate(ctx.now().toISOString().slice(0, 10));

/** The servicing business date: THE business clock of servicing (lib/business-clock.ts). */
export const businessDate = (ctx: AppContext): Promise<IsoDate> => businessToday(ctx);

/** The loan's schedule of record (use-cases/loan-position.ts: the one place stored terms become a schedule). */
export const scheduleOf = scheduleOfRecord;

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
