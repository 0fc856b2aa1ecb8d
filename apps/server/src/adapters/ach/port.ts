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

/*
 * The bank's files, in servicing's terms (issue #28). The file format itself — NACHA's 94-character
 * records, control totals, trace-number layout, change-code field layouts, the sealed spool — lives only in
 * the adapter implementations (`nacha*.ts`, `transmitter.ts`); use cases see the records and interfaces below.
 */

/** One entry the bank sent back (a return of one of our debits or credits), as read from its return file. */
export type AchReturnRecord = {
  /** Return reason code, R01…R85. */
  code: string;
  /** The trace number of our original entry (15 digits): how the return is matched. */
  originalTrace: string;
  /** YYYY-MM-DD, for R14/R15; otherwise null. */
  dateOfDeath: string | null;
  /** The receiving bank of the original entry (its routing number's first eight digits). */
  originalRdfi: string;
  /** 21/31 the return of a credit (a disbursement), 26/36 the return of a debit (a loan payment). */
  transactionCode: string;
  amountCents: number;
  individualId: string;
  individualName: string;
  /** The return entry's own trace number. */
  traceNumber: string;
  addendaInformation: string;
  /** The returned batch's effective date, YYYY-MM-DD (null when blank). */
  effectiveDate: string | null;
  secCode: string;
  /** 1-based line of the entry in the file (what a servicer is shown). */
  line: number;
};

/** What a notification of change corrects on the receiver's account (null fields stay as they are). */
export type AccountCorrection = { routing: string | null; account: string | null; accountType: 'checking' | 'savings' | null };

/**
 * A notification of change: the receiving bank accepted our entry but tells us the account information to
 * use from now on (NACHA: change it within six banking days or before the next entry).
 */
export type AchCorrectionRecord = {
  /** Change code, C01…C14. */
  changeCode: string;
  /** The code's name when servicing applies the code to an account (C01–C03, C05–C07), else null. */
  changeReason: string | null;
  /** The correction read from the notice's data by its code's layout; null when the code is not applied or the data does not read. */
  accountCorrection: AccountCorrection | null;
  /** The trace number of our original entry (15 digits): how the notice is matched. */
  originalTrace: string;
  originalRdfi: string;
  /** The corrected data as the bank wrote it, trailing blanks removed. */
  correctedData: string;
  transactionCode: string;
  individualId: string;
  individualName: string;
  traceNumber: string;
  /** 1-based line of the entry in the file. */
  line: number;
};

/** A return file read whole: every return and notification of change, or why the file cannot be read. */
export type AchReturnFileRead =
  | { ok: true; createdOn: string; returns: AchReturnRecord[]; corrections: AchCorrectionRecord[] }
  | {
      ok: false;
      /** 1-based line at fault (0: the file as a whole). */
      line: number;
      /** The reason, with the line, as a servicer is shown it. */
      message: string;
    };

/**
 * The bank's file format as servicing uses it: the trace number of each entry we send (reserved and
 * stored before sending; a return quotes it) and the bank's return files read into records. Pure, and the
 * same whichever originator sends the entries (the simulator's entries are numbered the same way).
 */
export interface AchFileFormat {
  readonly name: string;
  /** The trace number of our entry `sequence` (at most seven digits; throws a RangeError beyond). */
  traceNumber(sequence: number): string;
  /** Reads a return file. All or nothing: a file that does not add up is refused with the line and the reason. */
  readReturnFile(text: string): AchReturnFileRead;
}

/**
 * The files waiting for the bank (the spool the originator writes): listed by name, opened just before
 * they are sent. Names are the spool's own; `bankName` is the name the bank receives the file under.
 */
export interface AchSpool {
  /** Every file in the spool, sorted by name (none when the spool does not exist yet). */
  files(): Promise<string[]>;
  bankName(file: string): string;
  /** The file's bytes as the bank receives them. Throws when the file does not open (moved, renamed, another key). */
  open(file: string): Promise<Buffer>;
}

/**
 * Where spooled files go: the bank's pickup (issue #30; docs/operations.md, "NACHA transmission"). Both
 * operations work on the bank-side name. `put` uploads under a temporary name and renames it into place,
 * so a file at its final name is always complete: `has` answering true means an earlier `put` of that file finished.
 */
export interface AchTransmitter {
  readonly name: 'sandbox' | 'sftp';
  /** Opens a session for a run of transmissions (SFTP: one connection). */
  session<T>(work: (s: AchTransmitSession) => Promise<T>): Promise<T>;
}

export interface AchTransmitSession {
  has(remoteName: string): Promise<boolean>;
  put(remoteName: string, content: Buffer): Promise<void>;
}
