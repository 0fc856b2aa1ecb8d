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
  idempotencyKey: string;
};

export type AchStatus = 'pending' | 'settled' | 'returned';

export interface AchOriginator {
  readonly provider: string;
  originateCredit(credit: AchCredit): Promise<{ traceId: string; status: 'pending' }>;
  status(traceId: string): Promise<AchStatus>;
}
