/** What the product asks of an ACH originator: push a credit to a borrower's account, then follow it. */
export type AchCredit = {
  amountCents: number;
  /** Nine-digit ABA routing number of the receiving bank. */
  routing: string;
  account: string;
  accountType?: 'checking' | 'savings';
  /** The receiver's name as the bank should see it. */
  name: string;
  /** Our reference for the receiver (loan identifier). */
  individualId?: string;
  /**
   * The entry's NACHA trace number (15 digits), reserved by the caller per idempotency key (a
   * disbursement's: what a bank's return of the credit quotes). Without it a NACHA file numbers its one
   * entry by its place in the file.
   */
  traceNumber?: string;
  idempotencyKey: string;
};

export type AchStatus = 'pending' | 'settled' | 'returned';

export interface AchOriginator {
  readonly provider: string;
  originateCredit(credit: AchCredit): Promise<{ traceId: string; status: 'pending' }>;
  status(traceId: string): Promise<AchStatus>;
}

/** A debit from a borrower's account (loan payment): one-time (WEB) or recurring auto-debit (PPD). */
export type AchDebit = {
  amountCents: number;
  routing: string;
  account: string;
  accountType: 'checking' | 'savings';
  name: string;
  /** Our reference for the receiver (loan identifier). */
  individualId: string;
  secCode: 'WEB' | 'PPD';
  /** Company entry description (10 characters; "RETRY PYMT" on a re-presentment). */
  description: string;
  /** Effective entry date (a Federal Reserve business day), YYYY-MM-DD. */
  effectiveDate: string;
  /** 0 for the original entry, 1 or 2 for a re-presentment of an R01/R09 return. */
  representment: number;
  /**
   * The entry's NACHA trace number (15 digits: the ODFI routing's first eight + a seven-digit sequence),
   * assigned by servicing and stored with the entry: a bank's return file quotes it.
   */
  traceNumber: string;
  idempotencyKey: string;
};

/** Where a debit stands on a business date. */
export type AchDebitOutcome = { status: 'pending' } | { status: 'settled' } | { status: 'returned'; code: string; returnedOn: string };

/**
 * What servicing asks of an ACH originator for loan payments. Idempotent: the same key gives the same
 * trace id, so a run killed after sending and restarted sends nothing twice. `outcome` is asked with
 * the servicing business date, so the business clock drives settlement and returns.
 */
export interface AchDebitor {
  readonly provider: string;
  originateDebit(debit: AchDebit): Promise<{ traceId: string }>;
  outcome(traceId: string, businessDate: string): Promise<AchDebitOutcome>;
}
