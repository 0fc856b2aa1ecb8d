/**
 * Portfolio figures (issue #32, docs/portfolio.md): what management reads of the book — originations,
 * approval and funding rates, active balance, delinquency buckets over time, roll rates, charge-offs and
 * static-pool (vintage) loss curves — computed from month-end facts: one row per loan per month end
 * (days past due, bucket, principal balance, status, amount charged off), taken from the loan's derived
 * position as of that date (loan/ledger.ts `positionAsOf`).
 *
 * A loan has a fact at every month end from the month it was disbursed until the first month end at which
 * it is closed (paid off, refinanced, canceled) or charged off, that one included: a charge-off is counted
 * once, in the month it happened. The server groups facts into cells (sums by month end and state) in the
 * database; {@link cellsOf} is the same grouping in memory, so tests compare the two.
 *
 * Shares are whole basis points (1 bp = 0.01 %) apportioned by largest remainder, so a distribution's
 * shares always add up to exactly 10,000 bp = 100 %.
 */
import { bucketOf, DELINQUENCY_BUCKETS } from '../collections/buckets';
import type { DelinquencyBucket } from '../collections/buckets';
import type { IsoDate } from '../dates';
import { daysInMonth, makeIsoDate, toParts } from '../dates';

/** A calendar month, `YYYY-MM`. */
export type YearMonth = string;

/** A loan's status on a month end as the portfolio reads it. */
export const FACT_STATUSES = ['opened', 'default', 'charge_off', 'closed_paid', 'closed_refinanced'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

/** Where a loan is at a month end: a delinquency bucket while open, else charged off or paid off (closed). */
export const MONTH_END_STATES = [...DELINQUENCY_BUCKETS, 'charged_off', 'paid_off'] as const;
export type MonthEndState = (typeof MONTH_END_STATES)[number];

/** One loan at one month end. Money in cents. */
export interface MonthEndFact {
  readonly loanId: number;
  readonly monthEnd: IsoDate;
  /** The month the loan was disbursed. */
  readonly originationMonth: YearMonth;
  /** The amount lent (the loan's amount). */
  readonly originalAmountCents: number;
  readonly status: FactStatus;
  readonly daysPastDue: number;
  /** The bucket of `daysPastDue` (bucketOf). */
  readonly bucket: DelinquencyBucket;
  /** Outstanding principal as of the month end. */
  readonly principalCents: number;
  /** Principal charged off (0 unless status is charge_off). */
  readonly chargedOffCents: number;
}

/** The month of an ISO date. */
export function monthOf(date: IsoDate | string): YearMonth {
  return date.slice(0, 7);
}

/** The last day of a month. */
export function monthEndOf(month: YearMonth | IsoDate): IsoDate {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return makeIsoDate(y, m, daysInMonth(y, m));
}

/** True when the date is the last day of its month (a month end). */
export function isMonthEnd(date: IsoDate): boolean {
  const { year, month, day } = toParts(date);
  return day === daysInMonth(year, month);
}

/** Whole months from `from` to `to` (`YYYY-MM` or dates; negative when `to` is earlier). */
export function monthsBetween(from: YearMonth | IsoDate, to: YearMonth | IsoDate): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + (Number(to.slice(5, 7)) - Number(from.slice(5, 7)));
}

/** The month `n` months after `month`. */
export function addMonthsTo(month: YearMonth, n: number): YearMonth {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The state a fact puts its loan in. */
export function stateOf(fact: Pick<MonthEndFact, 'status' | 'daysPastDue'>): MonthEndState {
  if (fact.status === 'charge_off') return 'charged_off';
  if (fact.status === 'closed_paid' || fact.status === 'closed_refinanced') return 'paid_off';
  return bucketOf(fact.daysPastDue);
}

/** A status that ends the loan's facts (no fact after the month end it first appears at). */
export const isTerminal = (status: FactStatus): boolean => status !== 'opened' && status !== 'default';

/**
 * The fact of a loan at a month end from its derived position as of that date (`positionAsOf`):
 * - charged off when the position is (the loan book's charge-off entries dated on or before the month end):
 *   the principal it charged off is the fact's principal and charged-off amount (losses are principal:
 *   interest and fees never lent are not a loss of the amount lent);
 * - charged off, too, for a loan whose status is charge_off without entries (a status the rules gave at
 *   `chargeOffDays` past due) once it is that many days past due: its principal;
 * - refinanced when the loan book says so and nothing is owed; paid off (closed_paid) when nothing is owed;
 * - else open, in default from `defaultDays` past due.
 */
export function monthEndFact(
  loan: { readonly loanId: number; readonly disbursementDate: IsoDate | string; readonly amountCents: number; readonly status: string },
  position: {
    readonly closed: boolean;
    readonly daysPastDue: number;
    readonly principalCents: number;
    readonly chargeOff?: { readonly chargedOffCents: number; readonly components: { readonly principal: number } } | null;
  },
  monthEnd: IsoDate,
  opts: { readonly defaultDays?: number; readonly chargeOffDays?: number } = {},
): MonthEndFact {
  const base = { loanId: loan.loanId, monthEnd, originationMonth: monthOf(loan.disbursementDate), originalAmountCents: loan.amountCents };
  const dpd = Math.max(0, position.daysPastDue);
  if (position.chargeOff) {
    const principal = position.chargeOff.components.principal;
    return { ...base, status: 'charge_off', daysPastDue: dpd, bucket: bucketOf(dpd), principalCents: principal, chargedOffCents: principal };
  }
  if (loan.status === 'charge_off' && !position.closed && dpd >= (opts.chargeOffDays ?? 120)) {
    return {
      ...base,
      status: 'charge_off',
      daysPastDue: dpd,
      bucket: bucketOf(dpd),
      principalCents: position.principalCents,
      chargedOffCents: position.principalCents,
    };
  }
  if (position.closed)
    return {
      ...base,
      status: loan.status === 'closed_refinanced' ? 'closed_refinanced' : 'closed_paid',
      daysPastDue: 0,
      bucket: 'current',
      principalCents: 0,
      chargedOffCents: 0,
    };
  return {
    ...base,
    status: dpd >= (opts.defaultDays ?? 60) ? 'default' : 'opened',
    daysPastDue: dpd,
    bucket: bucketOf(dpd),
    principalCents: position.principalCents,
    chargedOffCents: 0,
  };
}

/**
 * Whole basis points of each amount in their total, apportioned by largest remainder (ties: the earlier
 * one): they add up to exactly 10,000 when the total is above zero; all zero when it is zero.
 */
export function apportionBasisPoints(amounts: readonly number[]): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const raw = amounts.map((a) => (a * 10_000) / total);
  const out = raw.map(Math.floor);
  let left = 10_000 - out.reduce((s, a) => s + a, 0);
  const order = raw.map((r, i) => ({ i, rest: r - Math.floor(r) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

/** A share in basis points rounded half up (a rate, not a distribution). */
export function basisPoints(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part * 10_000) / whole);
}

// ---- Cells: the grouped input (the server's GROUP BY queries, or cellsOf) -------------------------------

/** Loans disbursed in a month. */
export interface OriginationCell {
  readonly month: YearMonth;
  readonly count: number;
  readonly amountCents: number;
}
/** Applications decided in a month (approved, declined or denied) and how many of the approved were funded. */
export interface DecisionCell {
  readonly month: YearMonth;
  readonly approved: number;
  /** Declined or denied (adverse action). */
  readonly declined: number;
  /** Approved applications (decided that month) that have a loan. */
  readonly funded: number;
}
/** Facts of one month end in one state. */
export interface PositionCell {
  readonly monthEnd: IsoDate;
  readonly state: MonthEndState;
  readonly count: number;
  readonly principalCents: number;
  readonly chargedOffCents: number;
}
/** Loans in bucket `from` at a month end and in `to` at the next, with their principal at the first. */
export interface RollCell {
  readonly fromMonthEnd: IsoDate;
  readonly from: DelinquencyBucket;
  readonly to: MonthEndState;
  readonly count: number;
  readonly principalCents: number;
}
/** Principal charged off at a month end by loans of one origination month. */
export interface VintageCell {
  readonly originationMonth: YearMonth;
  readonly monthEnd: IsoDate;
  readonly chargedOffCents: number;
}
/** Recoveries (money received on charged-off loans) posted in a month. */
export interface RecoveryCell {
  readonly month: YearMonth;
  readonly amountCents: number;
}

export interface PortfolioCells {
  readonly originations: readonly OriginationCell[];
  readonly decisions: readonly DecisionCell[];
  readonly positions: readonly PositionCell[];
  readonly rolls: readonly RollCell[];
  readonly vintages: readonly VintageCell[];
  readonly recoveries: readonly RecoveryCell[];
}

/** Month-end facts (and the loans) grouped into cells — what the server's queries return. */
export function cellsOf(
  facts: readonly MonthEndFact[],
  loans: readonly { readonly disbursementDate: IsoDate | string; readonly amountCents: number }[] = [],
  decisions: readonly DecisionCell[] = [],
  recoveries: readonly RecoveryCell[] = [],
): PortfolioCells {
  const orig = new Map<string, { count: number; amountCents: number }>();
  for (const l of loans) {
    const m = monthOf(l.disbursementDate);
    const c = orig.get(m) ?? { count: 0, amountCents: 0 };
    c.count += 1;
    c.amountCents += l.amountCents;
    orig.set(m, c);
  }
  const positions = new Map<string, { monthEnd: IsoDate; state: MonthEndState; count: number; principalCents: number; chargedOffCents: number }>();
  const vintages = new Map<string, { originationMonth: string; monthEnd: IsoDate; chargedOffCents: number }>();
  const byKey = new Map<string, MonthEndFact>();
  for (const f of facts) {
    const state = stateOf(f);
    const k = `${f.monthEnd}|${state}`;
    const p = positions.get(k) ?? { monthEnd: f.monthEnd, state, count: 0, principalCents: 0, chargedOffCents: 0 };
    p.count += 1;
    p.principalCents += f.principalCents;
    p.chargedOffCents += f.chargedOffCents;
    positions.set(k, p);
    if (f.chargedOffCents > 0) {
      const vk = `${f.originationMonth}|${f.monthEnd}`;
      const v = vintages.get(vk) ?? { originationMonth: f.originationMonth, monthEnd: f.monthEnd, chargedOffCents: 0 };
      v.chargedOffCents += f.chargedOffCents;
      vintages.set(vk, v);
    }
    byKey.set(`${f.loanId}|${f.monthEnd}`, f);
  }
  const rolls = new Map<string, { fromMonthEnd: IsoDate; from: DelinquencyBucket; to: MonthEndState; count: number; principalCents: number }>();
  for (const f of facts) {
    if (isTerminal(f.status)) continue;
    const next = byKey.get(`${f.loanId}|${monthEndOf(addMonthsTo(monthOf(f.monthEnd), 1))}`);
    if (!next) continue;
    const to = stateOf(next);
    const k = `${f.monthEnd}|${f.bucket}|${to}`;
    const r = rolls.get(k) ?? { fromMonthEnd: f.monthEnd, from: f.bucket, to, count: 0, principalCents: 0 };
    r.count += 1;
    r.principalCents += f.principalCents;
    rolls.set(k, r);
  }
  return {
    originations: [...orig].map(([month, c]) => ({ month, ...c })),
    decisions,
    positions: [...positions.values()],
    rolls: [...rolls.values()],
    vintages: [...vintages.values()],
    recoveries,
  };
}

// ---- Figures --------------------------------------------------------------------------------------------

export interface OriginationsRow {
  readonly month: YearMonth;
  readonly count: number;
  readonly amountCents: number;
}
export interface DecisionsRow {
  readonly month: YearMonth;
  /** Approved + declined/denied. */
  readonly decided: number;
  readonly approved: number;
  readonly funded: number;
  /** approved / decided. */
  readonly approvalRateBp: number;
  /** funded / approved. */
  readonly fundingRateBp: number;
}
export interface BalanceRow {
  readonly monthEnd: IsoDate;
  /** Loans open (not closed, not charged off). */
  readonly activeCount: number;
  readonly activeBalanceCents: number;
}
export interface DelinquencyRow {
  readonly monthEnd: IsoDate;
  readonly buckets: readonly { readonly bucket: DelinquencyBucket; readonly count: number; readonly principalCents: number; readonly shareBp: number }[];
}
export interface RollRateMatrix {
  readonly fromMonthEnd: IsoDate;
  readonly toMonthEnd: IsoDate;
  readonly rows: readonly {
    readonly from: DelinquencyBucket;
    /** The principal of the loans in `from` at `fromMonthEnd`. */
    readonly principalCents: number;
    readonly count: number;
    readonly to: readonly { readonly state: MonthEndState; readonly principalCents: number; readonly count: number; readonly shareBp: number }[];
  }[];
}
export interface ChargeOffRow {
  readonly month: YearMonth;
  readonly count: number;
  readonly amountCents: number;
  readonly recoveriesCents: number;
  /** Charged off less recovered. */
  readonly netCents: number;
}
export interface VintageCurve {
  readonly originationMonth: YearMonth;
  readonly count: number;
  readonly originalAmountCents: number;
  readonly points: readonly {
    readonly monthsOnBook: number;
    readonly monthEnd: IsoDate;
    readonly cumulativeChargedOffCents: number;
    readonly lossBp: number;
  }[];
}
export interface PortfolioFigures {
  /** The month ends with facts, oldest first. */
  readonly monthEnds: readonly IsoDate[];
  readonly originations: readonly OriginationsRow[];
  readonly decisions: readonly DecisionsRow[];
  readonly balances: readonly BalanceRow[];
  readonly delinquency: readonly DelinquencyRow[];
  readonly rollRates: readonly RollRateMatrix[];
  readonly chargeOffs: readonly ChargeOffRow[];
  readonly vintages: readonly VintageCurve[];
}

const OPEN_BUCKETS: ReadonlySet<string> = new Set(DELINQUENCY_BUCKETS);

/** Every figure of the page from the cells. Months with no data between the first and last are listed with zeros. */
export function portfolioFigures(cells: PortfolioCells): PortfolioFigures {
  const monthEnds = [...new Set(cells.positions.map((p) => p.monthEnd))].sort();
  const originations = fillMonths(
    cells.originations.map((c) => c.month),
    (month) => {
      const cs = cells.originations.filter((c) => c.month === month);
      return { month, count: sum(cs.map((c) => c.count)), amountCents: sum(cs.map((c) => c.amountCents)) };
    },
  );
  const decisions = fillMonths(
    cells.decisions.map((c) => c.month),
    (month) => {
      const cs = cells.decisions.filter((c) => c.month === month);
      const approved = sum(cs.map((c) => c.approved));
      const decided = approved + sum(cs.map((c) => c.declined));
      const funded = sum(cs.map((c) => c.funded));
      return { month, decided, approved, funded, approvalRateBp: basisPoints(approved, decided), fundingRateBp: basisPoints(funded, approved) };
    },
  );
  const at = (m: IsoDate) => cells.positions.filter((p) => p.monthEnd === m);
  const balances = monthEnds.map((monthEnd) => {
    const open = at(monthEnd).filter((p) => OPEN_BUCKETS.has(p.state));
    return { monthEnd, activeCount: sum(open.map((p) => p.count)), activeBalanceCents: sum(open.map((p) => p.principalCents)) };
  });
  const delinquency = monthEnds.map((monthEnd) => {
    const cs = at(monthEnd);
    const per = DELINQUENCY_BUCKETS.map((bucket) => {
      const b = cs.filter((p) => p.state === bucket);
      return { bucket, count: sum(b.map((p) => p.count)), principalCents: sum(b.map((p) => p.principalCents)) };
    });
    const shares = apportionBasisPoints(per.map((b) => b.principalCents));
    return { monthEnd, buckets: per.map((b, i) => ({ ...b, shareBp: shares[i] ?? 0 })) };
  });
  const rollRates = monthEnds.slice(0, -1).flatMap((fromMonthEnd, i) => {
    const toMonthEnd = monthEnds[i + 1];
    if (!toMonthEnd || monthsBetween(fromMonthEnd, toMonthEnd) !== 1) return [];
    const rs = cells.rolls.filter((r) => r.fromMonthEnd === fromMonthEnd);
    const rows = DELINQUENCY_BUCKETS.map((from) => {
      const out = MONTH_END_STATES.map((state) => {
        const c = rs.filter((r) => r.from === from && r.to === state);
        return { state, principalCents: sum(c.map((r) => r.principalCents)), count: sum(c.map((r) => r.count)) };
      });
      const shares = apportionBasisPoints(out.map((o) => o.principalCents));
      return {
        from,
        principalCents: sum(out.map((o) => o.principalCents)),
        count: sum(out.map((o) => o.count)),
        to: out.map((o, k) => ({ ...o, shareBp: shares[k] ?? 0 })),
      };
    });
    return [{ fromMonthEnd, toMonthEnd, rows }];
  });
  const chargeOffMonths = monthEnds.map(monthOf).concat(cells.recoveries.map((r) => r.month));
  const chargeOffs = fillMonths(chargeOffMonths, (month) => {
    const c = cells.positions.filter((p) => p.state === 'charged_off' && monthOf(p.monthEnd) === month);
    const amountCents = sum(c.map((p) => p.chargedOffCents));
    const recoveriesCents = sum(cells.recoveries.filter((r) => r.month === month).map((r) => r.amountCents));
    return { month, count: sum(c.map((p) => p.count)), amountCents, recoveriesCents, netCents: amountCents - recoveriesCents };
  });
  const last = monthEnds[monthEnds.length - 1];
  const vintages = last
    ? originations
        .filter((o) => o.count > 0 && o.month <= monthOf(last))
        .map((o) => {
          let cumulative = 0;
          const points = [];
          for (let k = 0; k <= monthsBetween(o.month, last); k += 1) {
            const monthEnd = monthEndOf(addMonthsTo(o.month, k));
            cumulative += sum(cells.vintages.filter((v) => v.originationMonth === o.month && v.monthEnd === monthEnd).map((v) => v.chargedOffCents));
            points.push({ monthsOnBook: k, monthEnd, cumulativeChargedOffCents: cumulative, lossBp: basisPoints(cumulative, o.amountCents) });
          }
          return { originationMonth: o.month, count: o.count, originalAmountCents: o.amountCents, points };
        })
    : [];
  return { monthEnds, originations, decisions, balances, delinquency, rollRates, chargeOffs, vintages };
}

function sum(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

/** One row per month from the earliest to the latest of `months` (none when empty). */
function fillMonths<T>(months: readonly YearMonth[], row: (month: YearMonth) => T): T[] {
  if (months.length === 0) return [];
  const sorted = [...months].sort();
  const first = sorted[0] as YearMonth;
  const span = monthsBetween(first, sorted[sorted.length - 1] as YearMonth);
  return Array.from({ length: span + 1 }, (_, k) => row(addMonthsTo(first, k)));
}
