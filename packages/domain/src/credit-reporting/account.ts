/**
 * A loan as Metro 2 reports it for one month (docs/credit-reporting.md): every base-segment figure from
 * the loan's schedule of record and ledger, replayed as of the month's last day (the Date of Account
 * Information) and as of each of the 24 month ends before it (the payment history profile). Pure: the
 * server reads the loan, its ledger, its borrower and its disputes and hands them here.
 *
 * Money is whole dollars with the cents truncated (the Guide: "report whole dollars, truncate cents").
 */
import { addDays, daysInMonth, makeIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { PAYMENT_KINDS, positionAsOf } from '../loan/ledger';
import type { LedgerEntry, LoanPosition } from '../loan/ledger';
import type { Frequency } from '../loan/frequency';
import type { LoanSchedule } from '../loan/schedule';
import { baseRecordProblems, trailerTotals, writeMetro2File } from './file';
import type { BaseValues, TrailerValues } from './file';
import type { AccountStatusCode, ComplianceConditionCode } from './layout';
import { openAccountStatus, paymentHistoryProfile, paymentRatingFor } from './status';
import type { MonthState } from './status';

/** A reporting period: `YYYY-MM`. */
export type Period = string;
export const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The last day of a period (its Activity Date / Date of Account Information). */
export function periodEnd(period: Period): IsoDate {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`not a period (YYYY-MM): ${period}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return makeIsoDate(y, mo, daysInMonth(y, mo));
}

/** The period `k` months before `period` (k may be negative). */
export function shiftPeriod(period: Period, k: number): Period {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`not a period (YYYY-MM): ${period}`);
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 - k;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period a date falls in. */
export const periodOf = (date: IsoDate): Period => date.slice(0, 7);

/** The latest period that has ended on `today` (the month before today's month). */
export const lastEndedPeriod = (today: IsoDate): Period => shiftPeriod(periodOf(today), 1);

/** Whole dollars of an amount in cents ≥ 0: the cents are truncated, never rounded. */
export function wholeDollars(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`amount must be whole cents ≥ 0, got ${amountCents}`);
  return Math.floor(amountCents / 100);
}

/** Metro 2 Terms Frequency of a payment frequency. */
export const TERMS_FREQUENCY: Readonly<Record<Frequency, string>> = { weekly: 'W', biweekly: 'B', semimonthly: 'E', monthly: 'M' };

/** The scheduled payment as a monthly amount in cents (truncated): weekly × 52 ÷ 12, bi-weekly × 26 ÷ 12, semi-monthly × 2, monthly × 1. */
export function monthlyEquivalentCents(paymentCents: number, frequency: Frequency): number {
  const perYear = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 }[frequency];
  return Math.floor((paymentCents * perYear) / 12);
}

/** Where the borrower's dispute of the account stands on the Date of Account Information. */
export type DisputeState = 'open' | 'resolved' | 'resolved_consumer_disagrees' | null;

/** The Compliance Condition Codes a dispute gives: XB open (FCRA), XH investigated and resolved, XC investigated, consumer disagrees. */
export const DISPUTE_COMPLIANCE_CODES = ['XB', 'XH', 'XC'] as const satisfies readonly ComplianceConditionCode[];

/** The Compliance Condition Code of a dispute state (see {@link DISPUTE_COMPLIANCE_CODES}). */
export function complianceCodeFor(dispute: DisputeState): ComplianceConditionCode | null {
  return dispute === 'open' ? 'XB' : dispute === 'resolved' ? 'XH' : dispute === 'resolved_consumer_disagrees' ? 'XC' : null;
}

/** The consumer as the base segment names and locates them. */
export interface ConsumerFacts {
  readonly surname: string;
  readonly firstName: string;
  readonly middleName?: string | null;
  /** 9 digits, or null when none is on file. */
  readonly ssn: string | null;
  readonly dateOfBirth: IsoDate | null;
  /** 10 digits (US), or null. */
  readonly telephone: string | null;
  readonly addressLine1: string;
  readonly addressLine2?: string | null;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly residence: 'own' | 'rent' | null;
}

/** What the writer needs of a loan. */
export interface LoanFacts {
  /** The loan's identifier (Consumer Account Number). */
  readonly accountNumber: string;
  readonly schedule: LoanSchedule;
  readonly entries: readonly LedgerEntry[];
  /** Closed by a refinance (special comment AS when it closes). */
  readonly refinanced: boolean;
  readonly dispute: DisputeState;
  readonly consumer: ConsumerFacts;
}

/** The furnisher (configuration). */
export interface FurnisherIdentity {
  /** Identification Number the bureaus assigned (one for all bureaus here). */
  readonly identificationNumber: string;
  readonly reporterName: string;
  readonly reporterAddress: string;
  /** 10 digits. */
  readonly reporterTelephone: string;
  readonly equifaxProgramIdentifier: string;
  readonly experianProgramIdentifier: string;
  readonly transUnionProgramIdentifier: string;
  readonly innovisProgramIdentifier: string;
  readonly softwareVendorName: string;
  readonly softwareVersionNumber: string;
}

/** The account for the period, or why it is not in the file. */
export type Furnished =
  | { readonly include: true; readonly values: BaseValues; readonly status: AccountStatusCode; readonly daysPastDue: number }
  | { readonly include: false; readonly reason: 'not_opened' | 'canceled' | 'closed_before' };

const isPayment = (e: LedgerEntry) => PAYMENT_KINDS.has(e.kind) || e.kind === 'recovery';

function undoneAsOf(entries: readonly LedgerEntry[], asOf: IsoDate): Set<number> {
  return new Set(
    entries.flatMap((e) => ((e.kind === 'reversal' || e.kind === 'waiver') && e.effectiveDate <= asOf && e.reversesEntryId != null ? [e.reversesEntryId] : [])),
  );
}

function canceledAsOf(entries: readonly LedgerEntry[], asOf: IsoDate): boolean {
  const undone = undoneAsOf(entries, asOf);
  return entries.some((e) => e.kind === 'disbursement' && undone.has(e.id));
}

/** Payments (and recoveries) dated in [from, to] that no reversal dated on or before `to` undoes. */
function paymentsBetween(entries: readonly LedgerEntry[], from: IsoDate, to: IsoDate): LedgerEntry[] {
  const undone = undoneAsOf(entries, to);
  return entries.filter((e) => isPayment(e) && e.effectiveDate >= from && e.effectiveDate <= to && !undone.has(e.id));
}

function monthState(schedule: LoanSchedule, entries: readonly LedgerEntry[], end: IsoDate): MonthState {
  if (end < schedule.terms.disbursementDate || canceledAsOf(entries, end)) return { kind: 'not_open' };
  const p = positionAsOf(schedule, entries, end);
  if (p.chargeOff) return { kind: 'charged_off' };
  if (p.closed) return { kind: 'zero_balance' };
  return { kind: 'open', daysPastDue: p.daysPastDue };
}

/** Nothing more to report after this: closed with nothing owed, or charged off and fully recovered. */
const settled = (p: LoanPosition): boolean => (p.chargeOff ? p.chargeOff.recoverableCents === 0 : p.closed);

/** Unpaid fees, interest and principal of the installments past due, in cents. */
const pastDueCents = (p: LoanPosition): number => p.ledger.pastDue.reduce((s, i) => s + i.feeCents + i.interestCents + i.principalCents, 0);

/**
 * The base segment of a loan for `period`. A loan is reported from the month it was disbursed; a loan
 * closed (paid, refinanced) is reported once, in the month it closed (status 13), then no more; a
 * charged-off loan is reported (97) every month until it is paid (64), once; a canceled loan (its
 * disbursement came back) is never reported.
 */
export function furnishAccount(loan: LoanFacts, period: Period, furnisher: FurnisherIdentity): Furnished {
  const { schedule, entries } = loan;
  const asOf = periodEnd(period);
  const start = makeIsoDate(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 1);
  const opened = schedule.terms.disbursementDate;
  if (asOf < opened) return { include: false, reason: 'not_opened' };
  if (canceledAsOf(entries, asOf)) return { include: false, reason: 'canceled' };
  const p = positionAsOf(schedule, entries, asOf);
  // Reported once closed (13) or paid after charge-off (64), then no more.
  const previousEnd = addDays(start, -1);
  if (settled(p) && previousEnd >= opened && !canceledAsOf(entries, previousEnd) && settled(positionAsOf(schedule, entries, previousEnd)))
    return { include: false, reason: 'closed_before' };

  const payments = paymentsBetween(entries, opened, asOf);
  const lastPayment = payments.reduce<IsoDate | null>((m, e) => (m === null || e.effectiveDate > m ? e.effectiveDate : m), null);
  const paidThisMonth = paymentsBetween(entries, start, asOf).reduce((s, e) => s + e.amountCents, 0);

  let status: AccountStatusCode;
  let rating = '';
  let currentCents = 0;
  let pastDue = 0;
  let chargeOffCents = 0;
  let firstDelinquency: IsoDate | null = null;
  let closedOn: IsoDate | null = null;
  let scheduledMonthly = 0;
  let specialComment = '';
  if (p.chargeOff) {
    const c = p.chargeOff;
    status = c.recoverableCents > 0 ? '97' : '64';
    chargeOffCents = c.chargedOffCents;
    currentCents = c.recoverableCents;
    pastDue = c.recoverableCents;
    closedOn = c.date;
    // The delinquency that led to the charge-off: the oldest unpaid due date at the charge-off (days past due keep counting from it).
    firstDelinquency = p.daysPastDue > 0 ? addDays(asOf, -p.daysPastDue) : c.date;
  } else if (p.closed) {
    status = '13';
    closedOn = lastPayment ?? asOf;
    // How the account stood when it was paid: days past due the day before the closing payment.
    const dayBefore = addDays(closedOn, -1);
    rating = paymentRatingFor(dayBefore >= opened ? positionAsOf(schedule, entries, dayBefore).daysPastDue : 0);
    if (loan.refinanced) specialComment = 'AS';
  } else {
    status = openAccountStatus(p.daysPastDue);
    currentCents = p.outstandingCents;
    pastDue = Math.min(pastDueCents(p), currentCents);
    scheduledMonthly = monthlyEquivalentCents(schedule.regularPaymentCents, schedule.terms.frequency);
    if (status !== '11') firstDelinquency = addDays(asOf, -p.daysPastDue);
  }

  const history: MonthState[] = [];
  for (let k = 1; k <= 24; k++) history.push(monthState(schedule, entries, periodEnd(shiftPeriod(period, k))));
  const c = loan.consumer;
  const values: BaseValues = {
    timeStamp: `${asOf}T23:59:59`,
    identificationNumber: furnisher.identificationNumber,
    consumerAccountNumber: loan.accountNumber,
    portfolioType: 'I',
    accountType: '01',
    dateOpened: opened,
    creditLimit: 0,
    highestCredit: wholeDollars(schedule.notePrincipalCents),
    termsDuration: String(schedule.terms.numberOfPayments).padStart(3, '0'),
    termsFrequency: TERMS_FREQUENCY[schedule.terms.frequency],
    scheduledMonthlyPayment: wholeDollars(scheduledMonthly),
    actualPayment: wholeDollars(paidThisMonth),
    accountStatus: status,
    paymentRating: rating,
    paymentHistoryProfile: paymentHistoryProfile(history),
    specialComment,
    complianceConditionCode: complianceCodeFor(loan.dispute) ?? '',
    currentBalance: wholeDollars(currentCents),
    amountPastDue: wholeDollars(pastDue),
    originalChargeOffAmount: wholeDollars(chargeOffCents),
    dateOfAccountInformation: asOf,
    dateOfFirstDelinquency: firstDelinquency,
    dateClosed: closedOn,
    dateOfLastPayment: lastPayment,
    interestTypeIndicator: 'F',
    surname: c.surname,
    firstName: c.firstName,
    middleName: c.middleName ?? '',
    socialSecurityNumber: c.ssn,
    dateOfBirth: c.dateOfBirth,
    telephoneNumber: c.telephone,
    ecoaCode: '1',
    countryCode: 'US',
    firstLineOfAddress: c.addressLine1,
    secondLineOfAddress: c.addressLine2 ?? '',
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    residenceCode: c.residence === 'own' ? 'O' : c.residence === 'rent' ? 'R' : '',
  };
  return { include: true, values, status, daysPastDue: p.chargeOff || !p.closed ? p.daysPastDue : 0 };
}

/** The header of the file for `period`, created on `createdOn`. */
export function headerFor(period: Period, createdOn: IsoDate, furnisher: FurnisherIdentity) {
  return {
    innovisProgramIdentifier: furnisher.innovisProgramIdentifier,
    equifaxProgramIdentifier: furnisher.equifaxProgramIdentifier,
    experianProgramIdentifier: furnisher.experianProgramIdentifier,
    transUnionProgramIdentifier: furnisher.transUnionProgramIdentifier,
    activityDate: periodEnd(period),
    dateCreated: createdOn,
    reporterName: furnisher.reporterName,
    reporterAddress: furnisher.reporterAddress,
    reporterTelephoneNumber: furnisher.reporterTelephone,
    softwareVendorName: furnisher.softwareVendorName,
    softwareVersionNumber: furnisher.softwareVersionNumber,
  } as const;
}

/** One account of a generated file: which loan, and how it was reported. */
export interface FurnishedAccountSummary {
  readonly accountNumber: string;
  readonly status: AccountStatusCode;
  readonly daysPastDue: number;
  readonly complianceConditionCode: string;
}

/**
 * The whole furnishing file of a period: the text, the accounts in it (in the order given), those held
 * back because their record would not pass (with the reasons), and the trailer's totals.
 */
export function buildMetro2File(
  period: Period,
  createdOn: IsoDate,
  furnisher: FurnisherIdentity,
  loans: readonly LoanFacts[],
): { text: string; accounts: FurnishedAccountSummary[]; excluded: { accountNumber: string; problems: string[] }[]; totals: TrailerValues } {
  const bases: BaseValues[] = [];
  const accounts: FurnishedAccountSummary[] = [];
  const excluded: { accountNumber: string; problems: string[] }[] = [];
  const activityDate = periodEnd(period);
  for (const loan of loans) {
    const f = furnishAccount(loan, period, furnisher);
    if (!f.include) continue;
    const problems = baseRecordProblems(f.values, activityDate);
    if (problems.length > 0) {
      excluded.push({ accountNumber: loan.accountNumber, problems });
      continue;
    }
    bases.push(f.values);
    accounts.push({
      accountNumber: loan.accountNumber,
      status: f.status,
      daysPastDue: f.daysPastDue,
      complianceConditionCode: String(f.values.complianceConditionCode ?? ''),
    });
  }
  return { text: writeMetro2File(headerFor(period, createdOn, furnisher), bases), accounts, excluded, totals: trailerTotals(bases) };
}
