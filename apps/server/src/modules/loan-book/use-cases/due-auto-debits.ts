import { addDays } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import type { AutoDebitRow, LoanRow } from '../repository';
import { loanState } from './loan-position';

/** An installment an active auto-debit should collect. */
export interface DueAutoDebit {
  authorization: AutoDebitRow;
  loan: LoanRow;
  installmentN: number;
  dueDate: IsoDate;
  /** The authorized amount (at least payment_per_term), never more than the payoff on the due date. */
  amountCents: number;
}

/**
 * The debits the servicing run should create on `date`: for every active authorization of a loan opened
 * or in default, the installment in progress when its due date is on or before `date + horizonDays`
 * (the run creates debits ahead so they reach the bank in time). Past-due installments are not
 * re-debited here (a returned debit is re-presented by the run under NACHA's limits). Creating the debit
 * is `createAutoDebitTransaction`, exactly once per (authorization, installment).
 */
export async function dueAutoDebits(ctx: AppContext, date: IsoDate, horizonDays = 0): Promise<DueAutoDebit[]> {
  const horizon = addDays(date, horizonDays);
  const out: DueAutoDebit[] = [];
  for (const { authorization, loan } of await ctx.repos.loanBook.activeAutoDebits()) {
    const state = await loanState(ctx, loan, date);
    const current = state.position.ledger.current;
    if (!current || state.position.closed || current.dueDate > horizon) continue;
    const payoffOnDue = (await loanState(ctx, loan, current.dueDate)).position.outstandingCents;
    const amountCents = Math.min(authorization.amountCents, payoffOnDue);
    if (amountCents > 0) out.push({ authorization, loan, installmentN: current.n, dueDate: current.dueDate, amountCents });
  }
  return out;
}
