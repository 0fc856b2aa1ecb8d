/**
 * Hardship request (issue #13): a borrower who cannot pay asks for help; staff decide. The rules here are
 * pure: who may ask (the loan's status, one open request per loan, one approved hardship every 12
 * months), the workflow of a request (submitted → more information needed ⇄ answered → approved or
 * declined), and the DEFERRAL PLAN an approval applies to the schedule.
 *
 * A deferral of k payments (k = 1..3) moves the first unpaid installment whose debit is not on its way,
 * and every one after it, out by k periods of the loan's frequency: installment i takes the date of
 * installment i + k, and the last k are extended by the frequency past the last date. Paid rows and a
 * row whose debit is in flight stay. Interest is per period in the engine, so only the dates move: the
 * same installments with the same amounts, the total of payments unchanged, the maturity k periods
 * later; the APR, which depends on the dates, is re-disclosed by the caller (docs/hardship.md).
 */
import { addMonths } from '../dates';
import type { IsoDate } from '../dates';
import { dueDates } from '../loan/due-dates';
import type { Frequency } from '../loan/frequency';

export const HARDSHIP_REASONS = ['job_loss', 'medical', 'natural_disaster', 'family_death_or_illness', 'other'] as const;
export type HardshipReason = (typeof HARDSHIP_REASONS)[number];

export const HARDSHIP_REASON_LABELS: Readonly<Record<HardshipReason, string>> = {
  job_loss: 'Job loss or reduced hours',
  medical: 'Medical',
  natural_disaster: 'Natural disaster',
  family_death_or_illness: 'Death or illness in the family',
  other: 'Other',
};

/** submitted: waiting for staff; info_requested: staff asked the borrower for more; approved / declined: decided. */
export const HARDSHIP_STATUSES = ['submitted', 'info_requested', 'approved', 'declined'] as const;
export type HardshipStatus = (typeof HARDSHIP_STATUSES)[number];
export const OPEN_HARDSHIP_STATUSES: readonly HardshipStatus[] = ['submitted', 'info_requested'];

/** What happened to a request, in its history: the statuses it moved through, and the borrower's answers. */
export const HARDSHIP_EVENT_KINDS = ['submitted', 'info_requested', 'answered', 'approved', 'declined'] as const;
export type HardshipEventKind = (typeof HARDSHIP_EVENT_KINDS)[number];

export const HARDSHIP_STATUS_LABELS: Readonly<Record<HardshipStatus, string>> = {
  submitted: 'Submitted',
  info_requested: 'More information needed',
  approved: 'Approved',
  declined: 'Declined',
};

export const HARDSHIP_RULES = {
  /** Payments a deferral may move (1..maxDeferral). */
  maxDeferral: 3,
  /** One approved hardship every this many months, counted from the approval date. */
  oncePerMonths: 12,
  descriptionMin: 20,
  descriptionMax: 2000,
  messageMax: 2000,
  /** Loan statuses a request may be made for: an active loan, current or past due. */
  statuses: ['opened'] as readonly string[],
} as const;

export const HARDSHIP_MSG = {
  notActive: 'Hardship help can be requested for an active loan only. A loan in default is handled by our collections team: please call us.',
  openRequest: 'This loan already has an open hardship request. You can follow it on this page.',
  tooSoon: 'A hardship plan was approved for this loan in the last 12 months. Please call us to discuss other options.',
  deferralRange: `A deferral moves 1 to ${HARDSHIP_RULES.maxDeferral} payments.`,
  noneLeft: 'No payment is left to defer.',
  notOpen: 'This request has already been decided.',
  notAwaitingAnswer: 'No information was asked for on this request.',
  notAwaitingDecision: 'This request is waiting for the borrower’s answer.',
} as const;

export type Eligibility = { ok: true } | { ok: false; message: string; availableOn?: IsoDate };

/** Whether a borrower may submit a hardship request for a loan now. */
export function hardshipEligibility(p: { loanStatus: string; hasOpenRequest: boolean; lastApprovedOn: IsoDate | null; today: IsoDate }): Eligibility {
  if (!HARDSHIP_RULES.statuses.includes(p.loanStatus)) return { ok: false, message: HARDSHIP_MSG.notActive };
  if (p.hasOpenRequest) return { ok: false, message: HARDSHIP_MSG.openRequest };
  if (p.lastApprovedOn) {
    const availableOn = addMonths(p.lastApprovedOn, HARDSHIP_RULES.oncePerMonths);
    if (p.today < availableOn) return { ok: false, message: HARDSHIP_MSG.tooSoon, availableOn };
  }
  return { ok: true };
}

/** Whether staff may approve a deferral now (the same loan rules, at decision time; the open request is the one decided). */
export function approvalEligibility(p: { loanStatus: string; lastApprovedOn: IsoDate | null; today: IsoDate; deferPayments: number }): Eligibility {
  const e = hardshipEligibility({ loanStatus: p.loanStatus, hasOpenRequest: false, lastApprovedOn: p.lastApprovedOn, today: p.today });
  if (!e.ok) return e;
  if (!Number.isInteger(p.deferPayments) || p.deferPayments < 1 || p.deferPayments > HARDSHIP_RULES.maxDeferral)
    return { ok: false, message: HARDSHIP_MSG.deferralRange };
  return { ok: true };
}

export type HardshipDecision = 'approve' | 'decline' | 'ask_info' | 'answer';

/** The status a move leads to, or the message refusing it. */
export function hardshipMove(status: HardshipStatus, move: HardshipDecision): { ok: true; to: HardshipStatus } | { ok: false; message: string } {
  if (status === 'approved' || status === 'declined') return { ok: false, message: HARDSHIP_MSG.notOpen };
  switch (move) {
    case 'approve':
      return { ok: true, to: 'approved' };
    case 'decline':
      return { ok: true, to: 'declined' };
    case 'ask_info':
      return status === 'submitted' ? { ok: true, to: 'info_requested' } : { ok: false, message: HARDSHIP_MSG.notAwaitingDecision };
    case 'answer':
      return status === 'info_requested' ? { ok: true, to: 'submitted' } : { ok: false, message: HARDSHIP_MSG.notAwaitingAnswer };
  }
}

/** One installment of the schedule in force: number, due date, amount (cents). */
export type DeferralInstallment = { n: number; dueDate: IsoDate; paymentCents: number };

export type DeferralInput = {
  frequency: Frequency;
  /** The schedule in force (with any earlier revision applied), in installment order. */
  installments: readonly DeferralInstallment[];
  /** Installments paid in full (they never move). */
  paidThroughN: number;
  /** Installments whose debit is scheduled or on its way (they never move, nor anything before them). */
  inFlightN: readonly number[];
  /** Payments to defer (1..3). */
  k: number;
};

export type Deferral = {
  installments: DeferralInstallment[];
  /** The first installment that moved (every one from it on moved). */
  firstMovedN: number;
  moved: number[];
  maturityBefore: IsoDate;
  maturityAfter: IsoDate;
  totalOfPaymentsCents: number;
};

/** The first installment a deferral may move: unpaid, and after every installment whose debit is in flight. */
export function firstDeferrable(
  installments: readonly DeferralInstallment[],
  paidThroughN: number,
  inFlightN: readonly number[],
): DeferralInstallment | undefined {
  const floor = Math.max(paidThroughN, ...inFlightN, 0);
  return installments.find((i) => i.n > floor);
}

/**
 * The schedule after deferring k payments: installment i (from the first deferrable one) takes the date of
 * installment i + k; the last k continue the loan's frequency past the last date.
 */
export function deferralPlan(p: DeferralInput): { ok: true; deferral: Deferral } | { ok: false; message: string } {
  if (!Number.isInteger(p.k) || p.k < 1 || p.k > HARDSHIP_RULES.maxDeferral) return { ok: false, message: HARDSHIP_MSG.deferralRange };
  const first = firstDeferrable(p.installments, p.paidThroughN, p.inFlightN);
  const last = p.installments[p.installments.length - 1];
  if (!first || !last) return { ok: false, message: HARDSHIP_MSG.noneLeft };
  // The dates past the last one, k periods of the frequency (the first of `dueDates` is the last date itself).
  const extension = dueDates(p.frequency, last.dueDate, p.k + 1).slice(1);
  const dates = [...p.installments.map((i) => i.dueDate), ...extension];
  const installments = p.installments.map((row, i) => (row.n >= first.n ? { ...row, dueDate: dates[i + p.k]! } : { ...row }));
  return {
    ok: true,
    deferral: {
      installments,
      firstMovedN: first.n,
      moved: installments.filter((r) => r.n >= first.n).map((r) => r.n),
      maturityBefore: last.dueDate,
      maturityAfter: installments[installments.length - 1]!.dueDate,
      totalOfPaymentsCents: installments.reduce((a, r) => a + r.paymentCents, 0),
    },
  };
}

/** The in-app notice of a submitted request. */
export const hardshipSubmittedNotice = (identifier: string) =>
  `We received your hardship request for loan ${identifier}. We will answer within 5 business days; you can follow it on the loan's Hardship help page.`;
export const hardshipInfoNotice = (identifier: string) =>
  `We need more information about your hardship request for loan ${identifier}. Open Requests on your dashboard to answer.`;
export const hardshipApprovedNotice = (identifier: string, k: number, firstNewDate: string, waived: boolean) =>
  `Your hardship request for loan ${identifier} is approved: ${k === 1 ? '1 payment is' : `${k} payments are`} deferred; your next payment is due on ${firstNewDate}.${waived ? ' Your late fees are waived.' : ''} See the new schedule on the loan's Hardship help page.`;
export const hardshipDeclinedNotice = (identifier: string) =>
  `Your hardship request for loan ${identifier} was declined. See the reason on the loan's Hardship help page.`;
