import { adjustToBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import { withRevisedDueDates } from '@payrail/domain/loan/schedule-revision';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { cents } from '@payrail/domain/money';
import { lateFeePolicy } from '@payrail/domain/servicing/late-fee';
import type { LateFeePolicy } from '@payrail/domain/servicing/late-fee';
import type { StatusThresholds } from '@payrail/domain/loan/ledger';
import type { AppContext } from '../../context';
import { businessToday } from '../servicing/clock';
import type { LoanRow } from './repository';

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

/** The servicing business date: THE business clock of servicing (modules/servicing/clock.ts). */
export const businessDate = (ctx: AppContext): Promise<IsoDate> => businessToday(ctx);

/**
 * The loan's contract schedule, rebuilt from the loan row by the loan engine (fee financed when the note
 * includes it) — the same terms funding copied from the signed note, so the same rows as loan_installments
 * and as `contractOf` (modules/servicing), which reads the note outside the run's transaction. Due dates
 * revised after opening (`loans.revised_due_dates`) replace the contract's, as in `contractOf`.
 */
export function scheduleOf(loan: LoanRow): LoanSchedule {
  const contract = buildSchedule({
    amountCents: cents(loan.amountCents),
    originationFeeCents: cents(loan.feeCents),
    feeFinanced: loan.feeCents > 0 && loan.notePrincipalCents === loan.amountCents + loan.feeCents,
    annualRatePercent: loan.interestRate,
    frequency: loan.frequency as Frequency,
    numberOfPayments: loan.terms,
    disbursementDate: parseIsoDate(loan.disbursementDate),
    firstPaymentDate: parseIsoDate(loan.firstPaymentDate),
  });
  return withRevisedDueDates(contract, loan.revisedDueDates);
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
