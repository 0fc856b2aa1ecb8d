import { WHAT_IF_MSG } from '@payrail/contract/borrower-tools';
import type { TWhatIfProjection, TWhatIfResponse } from '@payrail/contract/borrower-tools';
import { isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { simulateExtraPayments } from '@payrail/domain/servicing/what-if';
import type { ExtraPayments, Projection } from '@payrail/domain/servicing/what-if';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { loanState, ownLoan } from '../../loan-book/use-cases/loan-position';
import { paymentErrors } from '../../loan-book/use-cases/request-payment';

const MAX_ONE_TIME = 12;
const validAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 100 && v <= 9_999_999;

/** The request read loosely: every problem at once (422), nothing computed on bad input. */
export function readWhatIf(body: { one_time?: unknown; recurring?: unknown }, today: IsoDate): ExtraPayments {
  const errors = new Set<string>();
  const oneTime: { date: IsoDate; amountCents: number }[] = [];
  const rawOneTime = body.one_time ?? [];
  if (!Array.isArray(rawOneTime)) errors.add(WHAT_IF_MSG.amountInvalid);
  else {
    if (rawOneTime.length > MAX_ONE_TIME) errors.add(WHAT_IF_MSG.tooMany);
    for (const p of rawOneTime.slice(0, MAX_ONE_TIME) as unknown[]) {
      const { date, amount } = (typeof p === 'object' && p !== null ? p : {}) as { date?: unknown; amount?: unknown };
      if (!validAmount(amount)) errors.add(WHAT_IF_MSG.amountInvalid);
      if (!isIsoDate(date)) errors.add(WHAT_IF_MSG.dateInvalid);
      else if (date < today) errors.add(WHAT_IF_MSG.dateInPast);
      if (validAmount(amount) && isIsoDate(date) && date >= today) oneTime.push({ date, amountCents: amount });
    }
  }
  let recurring: ExtraPayments['recurring'] = null;
  if (body.recurring != null) {
    const { amount, from } = (typeof body.recurring === 'object' ? body.recurring : {}) as { amount?: unknown; from?: unknown };
    if (!validAmount(amount)) errors.add(WHAT_IF_MSG.amountInvalid);
    if (from !== undefined && from !== null && !isIsoDate(from)) errors.add(WHAT_IF_MSG.dateInvalid);
    else if (isIsoDate(from) && from < today) errors.add(WHAT_IF_MSG.dateInPast);
    if (validAmount(amount)) recurring = isIsoDate(from) ? { amountCents: amount, from } : { amountCents: amount };
  }
  if (errors.size === 0 && oneTime.length === 0 && !recurring) errors.add(WHAT_IF_MSG.nothingToSimulate);
  if (errors.size > 0) throw paymentErrors([...errors], 'validation');
  return { oneTime, recurring };
}

const projectionWire = (p: Projection): TWhatIfProjection => ({
  payoff_date: p.payoffDate,
  interest: p.interestCents,
  total_paid: p.paidCents,
  installments: p.installmentCount,
  points: p.points.map((x) => ({ date: x.date, principal: x.principalCents })),
});

/** POST /loans/{loanId}/what_if: the borrower's own open loan, from servicing's today. Computes; writes nothing. */
export async function whatIf(ctx: AppContext, member: MemberRow, loanId: number, body: { one_time?: unknown; recurring?: unknown }): Promise<TWhatIfResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  if (loan.status !== 'opened' && loan.status !== 'default')
    throw new AppError('conflict', WHAT_IF_MSG.loanClosed, { extra: { error_messages: [WHAT_IF_MSG.loanClosed] } });
  const today = await businessToday(ctx);
  const state = await loanState(ctx, loan, today);
  const asOf = state.position.asOf;
  const extra = readWhatIf(body, asOf);
  const r = simulateExtraPayments(state.position.ledger, asOf, extra);
  return {
    loan_id: loan.id,
    as_of: asOf,
    payment_per_term: state.schedule.regularPaymentCents,
    baseline: projectionWire(r.baseline),
    scenario: projectionWire(r.scenario),
    interest_saved: r.interestSavedCents,
    days_sooner: r.daysSooner,
    installments_fewer: r.installmentsFewer,
  };
}
