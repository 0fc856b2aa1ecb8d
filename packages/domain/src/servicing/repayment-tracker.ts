/**
 * The repayment tracker of a loan repaid by payroll allotment: per pay date (the installment's due
 * date), what the employer was expected to remit and what it did, with the reason when it is short or
 * missing and what the borrower should do.
 *
 * A remittance counts for the installment whose period holds its pay date: (previous due date, due
 * date]; one before the first period counts for the first installment. A remittance still in suspense
 * (received but not yet matched to the loan) is shown as such, not as received.
 */
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import { cents, formatCents } from '../money';
import type { Cents } from '../money';

/** An installment of the contract. */
export interface TrackedInstallment {
  readonly n: number;
  readonly dueDate: IsoDate;
  /** The scheduled payment (what the allotment should remit). */
  readonly amountCents: number;
}

/** A remittance line of the loan: posted to it, or in suspense under its loan number. */
export interface TrackedRemittance {
  readonly payDate: IsoDate;
  readonly amountCents: number;
  readonly status: 'posted' | 'suspense';
}

/** Status of a pay date. */
export const PAY_DATE_STATUSES = ['upcoming', 'received', 'short', 'waiting', 'in_suspense', 'missing', 'covered'] as const;
export type PayDateStatus = (typeof PAY_DATE_STATUSES)[number];

/** A row of the tracker. */
export interface PayDateRow {
  readonly n: number;
  readonly payDate: IsoDate;
  readonly expectedCents: Cents;
  readonly receivedCents: Cents;
  /** Received but not matched yet (suspense). */
  readonly inSuspenseCents: Cents;
  readonly status: PayDateStatus;
  /** Why (null when nothing is wrong). */
  readonly reason: string | null;
  /** What the borrower should do (null when nothing). */
  readonly action: string | null;
}

/** Inputs besides the installments and remittances. */
export interface TrackerContext {
  /** Servicing's today. */
  readonly today: IsoDate;
  /** Installments fully paid by every source (the ledger's position), so a shortfall another payment covered says so. */
  readonly installmentsPaid: number;
  /** Days after a pay date during which a missing remittance is still expected (employers' files arrive late). */
  readonly graceDays: number;
  /** Pay dates the employer reported nothing for (its reconciliation in the employer portal): missing at once, no grace. */
  readonly reportedMissing?: ReadonlySet<string>;
}

const usd = (c: number) => {
  const [whole, fraction] = formatCents(cents(c)).split('.') as [string, string];
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

/** The tracker's rows, one per installment, oldest first. */
export function trackRepayments(installments: readonly TrackedInstallment[], remittances: readonly TrackedRemittance[], ctx: TrackerContext): PayDateRow[] {
  const ordered = [...installments].sort((a, b) => a.n - b.n);
  return ordered.map((inst, k): PayDateRow => {
    const start = k === 0 ? null : ordered[k - 1]!.dueDate;
    const inPeriod = (r: TrackedRemittance) => (start === null || r.payDate > start) && r.payDate <= inst.dueDate;
    let received = 0;
    let suspense = 0;
    for (const r of remittances) {
      if (!inPeriod(r)) continue;
      if (r.status === 'posted') received += r.amountCents;
      else suspense += r.amountCents;
    }
    const row = { n: inst.n, payDate: inst.dueDate, expectedCents: cents(inst.amountCents), receivedCents: cents(received), inSuspenseCents: cents(suspense) };
    const gap = inst.amountCents - received;
    if (gap <= 0) return { ...row, status: 'received', reason: null, action: null };
    const covered = inst.n <= ctx.installmentsPaid;
    if (inst.dueDate > ctx.today) {
      return covered
        ? { ...row, status: 'covered', reason: 'Already paid by your other payments.', action: null }
        : { ...row, status: 'upcoming', reason: null, action: null };
    }
    if (covered) {
      return {
        ...row,
        status: 'covered',
        reason:
          received > 0
            ? `Your employer remitted ${usd(received)} of ${usd(inst.amountCents)}; your other payments covered the rest.`
            : 'No remittance from your employer, but your other payments covered this installment.',
        action: null,
      };
    }
    if (suspense > 0) {
      return {
        ...row,
        status: 'in_suspense',
        reason: `Your employer sent ${usd(suspense)} for this pay date, but it could not be matched to your loan automatically (for example, the employer name or ID on the file differs).`,
        action: 'Nothing for now: our servicing team is matching it and will post it to your loan. Contact us if it is not posted within a few days.',
      };
    }
    if (received > 0) {
      return {
        ...row,
        status: 'short',
        reason: `Your employer remitted ${usd(received)} of the ${usd(inst.amountCents)} expected: ${usd(gap)} short.`,
        action: `Check the allotment amount on your pay stub; if it changed, ask your payroll office to set it back to ${usd(inst.amountCents)}. Pay the ${usd(gap)} difference online to stay current.`,
      };
    }
    if (ctx.reportedMissing?.has(inst.dueDate)) {
      return {
        ...row,
        status: 'missing',
        reason: "Your employer's remittance for this pay date did not include your deduction.",
        action: `Check your pay stub for the loan deduction. If it is missing, ask your payroll office to restart the allotment, and pay ${usd(inst.amountCents)} online so your loan stays current.`,
      };
    }
    if (ctx.today <= addDays(inst.dueDate, ctx.graceDays)) {
      return {
        ...row,
        status: 'waiting',
        reason: 'Employers send their remittance files a few days after payday; this one has not arrived yet.',
        action: 'Nothing yet: check again after a few business days.',
      };
    }
    return {
      ...row,
      status: 'missing',
      reason: 'No remittance from your employer for this pay date.',
      action: `Check your pay stub for the loan deduction. If it is missing, ask your payroll office to restart the allotment, and pay ${usd(inst.amountCents)} online so your loan stays current.`,
    };
  });
}
