import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import type {
  autoDebitAuthorizations,
  bankAccounts,
  disbursements,
  loanInstallments,
  loanScheduleRevisions,
  loanTransactions,
  loans,
} from '../../db/schema/index';

// The loan book's rows, declared once (docs/servicing.md, "The loan book").
export type LoanRow = typeof loans.$inferSelect;
export type LoanStatusValue = LoanRow['status'];
export type InstallmentRow = typeof loanInstallments.$inferSelect;
export type DisbursementRow = typeof disbursements.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id'>;
export type TransactionRow = typeof loanTransactions.$inferSelect;
export type NewTransaction = Omit<typeof loanTransactions.$inferInsert, 'id'>;
export type AutoDebitRow = typeof autoDebitAuthorizations.$inferSelect;
export type NewAutoDebit = Omit<typeof autoDebitAuthorizations.$inferInsert, 'id' | 'bankAccountId'>;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewDebitAccount = Omit<typeof bankAccounts.$inferInsert, 'id'>;
export type ScheduleRevisionRow = typeof loanScheduleRevisions.$inferSelect;
export type NewScheduleRevision = Omit<typeof loanScheduleRevisions.$inferInsert, 'id'>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database transaction, for a caller's own writes that must commit with the loan book's (see `reviseDueDates`). */
export type DbTx = Tx;
/** The database or one of its transactions. */
export type Runner = Db | Tx;

/**
 * THE writer of ledger entries, one at a time (the daily run's batch store writes its buffered entries in
 * bulk, operations.repository.ts). Append-only: a trigger refuses UPDATE and DELETE. With an idempotency
 * key, a second append of the same key returns the first row.
 */
export async function appendLedgerEntry(runner: Runner, entry: NewLedgerEntry): Promise<LedgerEntryRow> {
  const [row] = await runner.insert(ledgerEntries).values(entry).onConflictDoNothing().returning();
  if (row) return row;
  if (!entry.idempotencyKey) throw new Error('ledger entry was not inserted (a conflict without an idempotency key)');
  const [existing] = await runner.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey)).limit(1);
  if (!existing) throw new Error(`ledger entry ${entry.idempotencyKey} conflicted but cannot be read`);
  return existing;
}
