import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import type { LoanChoice, MemberExtraColumns } from './member-loan-facts.repository';
import type { LockedPayrollLoans } from './payroll-deduction.repository';

/**
 * The loan book as other modules read it (issue #28: a module uses its own repositories only; another
 * module's data comes through the owner's exported functions). The book is the only writer of loans,
 * schedules, ledger and transactions: what it hands out here are reads, and the lock an employer-reported
 * payroll change takes on a borrower's loans.
 */

// ── Loans, ledgers, schedules ─────────────────────────────────────────────────────────────────────

/** The loan, by id, or undefined. */
export const findLoan = (ctx: AppContext, loanId: number) => ctx.repos.loanBook.loan(loanId);

/** The member's loans, newest first. */
export const loansOfMember = (ctx: AppContext, userId: number) => ctx.repos.loanBook.loansOfUser(userId);

/** Every ledger entry of the loan, in order (date, then id). */
export const ledgerOf = (ctx: AppContext, loanId: number) => ctx.repos.loanBook.ledger(loanId);

/** The loan's installments, by number. */
export const installmentsOf = (ctx: AppContext, loanId: number) => ctx.repos.loanBook.installments(loanId);

/** Whether a payment of the loan is scheduled or in flight (a transaction scheduled or pending). */
export const loanHasPendingTransaction = (ctx: AppContext, loanId: number): Promise<boolean> => ctx.repos.loanBook.hasPendingTransaction(loanId);

/** The loan's signed note (its document and e-signature), or undefined. */
export const signedNoteOf = (ctx: AppContext, loanId: number) => ctx.repos.loanBook.noteOf(loanId);

/** Every revision of the loan's due dates (due-date change, hardship), oldest first. */
export const scheduleRevisionsOf = (ctx: AppContext, loanId: number) => ctx.repos.loanBook.scheduleRevisions(loanId);

/**
 * The member's loan facts (loans, chosen loan's note, ledger, payment in flight, business-date override) and
 * applications, read in ONE statement; `extra`: the caller's own columns, read in the same statement.
 */
export const memberLoanFacts = <X extends string = never>(ctx: AppContext, userId: number, choice: LoanChoice, extra?: MemberExtraColumns<X>) =>
  ctx.repos.loanBook.memberLoanFacts<X>(userId, choice, extra);

/** The daily run's business dates: the oldest planned but not completed, and the latest completed. */
export const servicingDayState = (ctx: AppContext) => ctx.repos.loanBook.dayState();

// ── The collections desk (docs/collections.md) ─────────────────────────────────────────────────────

/** How each borrower may be reached (e-mail, phone, state) and what they opted out of, by member id. */
export const borrowerContacts = (ctx: AppContext, userIds: readonly number[]) => ctx.repos.collectionsBook.contacts(userIds);

/** The loan with its borrower's name, or null when there is no such loan. */
export const collectionsLoanHeader = (ctx: AppContext, loanId: number) => ctx.repos.collectionsBook.loanHeader(loanId);

/** The worked loans past due, counted per bucket. */
export const collectionsBucketCounts = (ctx: AppContext): Promise<Record<string, number>> => ctx.repos.collectionsBook.bucketCounts();

/** One keyset page of the collections queue, most days past due first. */
export const collectionsQueuePage = (ctx: AppContext, page: Parameters<AppContext['repos']['collectionsBook']['queue']>[0]) =>
  ctx.repos.collectionsBook.queue(page);

// ── Credit reporting and the portfolio ─────────────────────────────────────────────────────────────

/** One page of the loans a month's credit file reports (funded by `through`, not closed before `monthStart`), by id after `afterId`. */
export const reportableLoansPage = (ctx: AppContext, monthStart: IsoDate, through: IsoDate, afterId: number, limit: number) =>
  ctx.repos.loanBookCreditReporting.reportableLoansPage(monthStart, through, afterId, limit);

/** The loan's id, status, borrower and number, or undefined (the dispute routes). */
export const loanStatusOf = (ctx: AppContext, loanId: number) => ctx.repos.loanBookCreditReporting.loanStatus(loanId);

/** The ledgers of these loans, by loan, then date and id (one read for a page of loans). */
export const ledgersOfLoans = (ctx: AppContext, loanIds: readonly number[]) => ctx.repos.loanBookCreditReporting.ledgersOf(loanIds);

/** One page of the funded loans disbursed on or before `through`, by id after `afterId`. */
export const fundedLoansPage = (ctx: AppContext, through: IsoDate, afterId: number, limit: number) =>
  ctx.repos.loanBookPortfolio.fundedLoansPage(through, afterId, limit);

/** The month ends from `from` through `through` the daily run has completed, oldest first. */
export const completedMonthEndDays = (ctx: AppContext, from: IsoDate, through: IsoDate) => ctx.repos.loanBookPortfolio.completedMonthEndDays(from, through);

/** The earliest disbursement date of a funded loan, or null when none. */
export const firstDisbursementDate = (ctx: AppContext) => ctx.repos.loanBookPortfolio.firstDisbursementDate();

/** Loans disbursed per month: count and amount lent. */
export const originationsByMonth = (ctx: AppContext) => ctx.repos.loanBookPortfolio.originationsByMonth();

/** Applications decided per month: approved, declined or denied, and how many of the approved were funded. */
export const decisionsByMonth = (ctx: AppContext) => ctx.repos.loanBookPortfolio.decisionsByMonth();

/** Recoveries posted per month (recovery entries no reversal undoes). */
export const recoveriesByMonth = (ctx: AppContext) => ctx.repos.loanBookPortfolio.recoveriesByMonth();

// ── Payroll deduction (docs/employer-portal.md) ────────────────────────────────────────────────────

/**
 * Runs `fn` in ONE transaction holding the row locks of these loans (id order), with the book's writes of an
 * employer-reported payroll change; the caller's own writes join the lock's transaction (`q.tx`).
 */
export const withPayrollLoansLocked = <T>(ctx: AppContext, loanIds: readonly number[], fn: (q: LockedPayrollLoans) => Promise<T>): Promise<T> =>
  ctx.repos.loanBookPayroll.withLockedLoans(loanIds, fn);
