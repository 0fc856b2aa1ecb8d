import type { TLoanDocument } from '@payrail/contract/servicing';
import type { IsoDate } from '@payrail/domain/dates';
import type { AchReturnRecord } from '../../adapters/ach/port';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../application/repository';
import type { MemberRow } from '../../db/rows';
import type { BorrowerRow } from '../identity/repository';
import type { AfterCommit, DelinquencyObservation } from './use-cases/service-loan';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What became of a return of a credit that is not a disbursement's (the referral payouts' answer). */
export type CreditReturnOutcome =
  { kind: 'applied' | 'duplicate'; referralPayoutId: number; userId: number; returnedAt: Date } | { kind: 'unmatched'; reason: string };

/**
 * What the loan book calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). Each runs
 * where the book calls it, as a direct call, in the order the book's code gives.
 */
export type LoanBookHooks = {
  /**
   * The daily run, a date's servicing claims all in: that day's collections (delinquency, buckets, promises,
   * notices) over what each committed loan observed (collections; docs/collections.md).
   */
  collectionsDay: (ctx: AppContext, date: IsoDate, committed: readonly DelinquencyObservation[]) => Promise<void>;
  /** The daily run completed a date: the portfolio's month-end facts (portfolio; docs/portfolio.md). */
  dayCompleted: (ctx: AppContext, date: IsoDate) => Promise<unknown>;
  /** The scheduled daily run finished through `through`: queue the statements that are due (statements). */
  dailyRunFinished: (ctx: AppContext, through: IsoDate) => Promise<void>;
  /** A loan's documents beyond the book's own: its monthly statements and year-end summaries (statements). */
  loanStatementDocuments: (ctx: AppContext, loanId: number) => Promise<TLoanDocument[]>;
  /** A member's first loan (not a refinance) was funded: the referrer's approved referral (referral). */
  firstLoanFunded: (ctx: AppContext, userId: number) => Promise<unknown>;
  /**
   * A member's first loan (not a refinance) is canceled before the borrower had its money (cancel_unsent,
   * cancel_undelivered), by `staffUserId`: called in the cancel's transaction `tx`, under the loan's lock and
   * before the cancel's writes, so the referral it earned is voided with the cancel or not at all (referral).
   */
  fundedLoanCanceled: (ctx: AppContext, tx: Db | Tx, c: { userId: number; loanId: number; staffUserId: number | null; reason: string }) => Promise<unknown>;
  /**
   * The daily run's retry of `firstLoanFunded` (whose failure after a send is only logged): the approved
   * referrals of first loans sent and standing that were never recorded, recorded now, once (referral).
   */
  fundedReferralsChecked: (ctx: AppContext) => Promise<unknown>;
  /** Payroll remittance lines were posted: a borrower remitted short is told at once (borrower-tools). */
  remittancesPosted: (ctx: AppContext, posted: readonly { loanId: number | null; payDate: string; amountCents: number }[]) => Promise<void>;
  /**
   * The bank's return file holds a return of a credit (21/31) whose trace number is no disbursement's: a
   * referral payout's, applied once (referral), or null when it is none of its credits either. E-mails go
   * to `mail`, sent by the book after its commits.
   */
  creditReturned: (ctx: AppContext, record: AchReturnRecord, mail: AfterCommit) => Promise<CreditReturnOutcome | null>;
  /** The member a servicer funds, with their borrower row, or undefined (the back office's record of the member). */
  fundingApplicant: (ctx: AppContext, userId: number) => Promise<{ member: MemberRow; borrower: BorrowerRow | null } | undefined>;
  /** The application a servicer funds: the member's open application, or the newest closed one (back office). */
  fundingApplication: (ctx: AppContext, userId: number) => Promise<ApplicationRow | undefined>;
};
