import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { businessClock, esignatures, ledgerEntries, loanDocuments, loans, loanTransactions } from '../../db/schema/index';
import { parsedJson, rowFromJson, rowsFromJson } from '../../db/json-rows';
import type { Db } from '../../db/client';
import { memberApplicationsColumn, memberApplicationsFrom, type MemberApplications } from '../application/member-applications.repository';
import type { LedgerEntryRow, LoanRow } from './ledger.repository';

/**
 * What the borrower's loan answers (the session check's refinance eligibility, ongoing loans, the last
 * loan) read of the loan book, as columns of ONE statement: the member's loans, the business-date
 * override, and for one chosen loan its signed note, ledger and whether a payment is in flight. Another
 * module's statement selects these columns (its session or member row carries `userId`), so a request
 * reads all it needs in a single round trip; `memberLoanFactsFrom` turns them back into the rows the
 * loan-book repository's own reads answer (`loansOfUser`, `noteOf`, `ledger`, `hasPendingTransaction`,
 * `businessDateOverride`).
 */
export type LoanChoice = 'opened' | 'live' | 'latest';

const chosenLoanId = (userId: SQL | AnyPgColumn, choice: LoanChoice): SQL => {
  const status = choice === 'opened' ? sql` and ${loans.status} = 'opened'` : choice === 'live' ? sql` and ${loans.status} in ('opened', 'default')` : sql``;
  return sql`(select ${loans.id} from ${loans} where ${loans.userId} = ${userId}${status} order by ${loans.id} desc limit 1)`;
};

export function memberLoanFactsColumns(userId: SQL | AnyPgColumn, choice: LoanChoice) {
  const loanId = chosenLoanId(userId, choice);
  return {
    loansJson: sql<unknown>`(select coalesce(json_agg(to_jsonb(${loans}) order by ${loans.id} desc), '[]'::json) from ${loans} where ${loans.userId} = ${userId})`,
    businessOverride: sql<string | null>`(select ${businessClock.overrideDate}::text from ${businessClock} where ${businessClock.id} = 1)`,
    chosenLoanId: sql<number | null>`${loanId}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    // Aliased: inside a one-table select drizzle writes columns unqualified, and this subquery joins two tables.
    noteJson: sql<unknown>`(select json_build_object('document', to_jsonb(d), 'esignature', to_jsonb(e)) from ${loanDocuments} d inner join ${esignatures} e on e.id = d.esignature_id where d.loan_id = ${loanId} and d.kind = 'signed_note' limit 1)`,
    ledgerJson: sql<unknown>`(select coalesce(json_agg(to_jsonb(${ledgerEntries}) order by ${ledgerEntries.effectiveDate} asc, ${ledgerEntries.id} asc), '[]'::json) from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loanId})`,
    pendingTransaction: sql<boolean>`exists (select 1 from ${loanTransactions} where ${loanTransactions.loanId} = ${loanId} and ${loanTransactions.status} in ('scheduled', 'pending'))`,
  };
}

type NoteRow = { document: typeof loanDocuments.$inferSelect; esignature: typeof esignatures.$inferSelect };

export type MemberLoanFacts = {
  loans: LoanRow[];
  businessOverride: string | null;
  /** The chosen loan (null when the member has none of that kind) and what is read of it. */
  loanId: number | null;
  note: NoteRow | undefined;
  ledger: LedgerEntryRow[];
  pendingTransaction: boolean;
};

type FactsColumns = { [K in keyof ReturnType<typeof memberLoanFactsColumns>]: unknown };

export function memberLoanFactsFrom(row: FactsColumns): MemberLoanFacts {
  const note = parsedJson(row.noteJson) as { document: Record<string, unknown>; esignature: Record<string, unknown> } | null;
  return {
    loans: rowsFromJson(loans, parsedJson(row.loansJson)),
    businessOverride: (row.businessOverride as string | null) ?? null,
    loanId: row.chosenLoanId === null || row.chosenLoanId === undefined ? null : Number(row.chosenLoanId),
    note: note ? { document: rowFromJson(loanDocuments, note.document), esignature: rowFromJson(esignatures, note.esignature) } : undefined,
    ledger: rowsFromJson(ledgerEntries, parsedJson(row.ledgerJson)),
    pendingTransaction: row.pendingTransaction === true || row.pendingTransaction === 't',
  };
}

/** The loan-book facts and the applications of one member, read in ONE statement (the borrower's loan screens). */
export function memberLoanFactsRepository(db: Db) {
  // Without extra columns the statement is the same for every member: prepared once per choice (planned once
  // per connection on PostgreSQL), like the session check's.
  const uid = sql`${sql.placeholder('userId')}::int`;
  const prepared = new Map<LoanChoice, { execute(p: { userId: number }): Promise<Record<string, unknown>[]> }>();
  const statementFor = (choice: LoanChoice) => {
    let stmt = prepared.get(choice);
    if (!stmt) {
      stmt = db
        .select({ ...memberLoanFactsColumns(uid, choice), applicationsJson: memberApplicationsColumn(uid) })
        .from(sql`(select 1) as "member_loan_facts"`)
        .prepare(`loan_book_member_facts_${choice}`) as unknown as { execute(p: { userId: number }): Promise<Record<string, unknown>[]> };
      prepared.set(choice, stmt);
    }
    return stmt;
  };
  return {
    /**
     * `extra`: columns of the caller's module read in the same statement (each built by the module that owns
     * its table, e.g. the banners a page shows), answered as the driver returns them.
     */
    memberLoanFacts: async <X extends string = never>(
      userId: number,
      choice: LoanChoice,
      extra: Record<X, SQL> = {} as Record<X, SQL>,
    ): Promise<{ facts: MemberLoanFacts; applications: MemberApplications; extra: Record<X, unknown> }> => {
      if (Object.keys(extra).length === 0) {
        const [row] = await statementFor(choice).execute({ userId });
        return {
          facts: memberLoanFactsFrom(row as FactsColumns),
          applications: memberApplicationsFrom(row!.applicationsJson),
          extra: {} as Record<X, unknown>,
        };
      }
      const member = sql`${userId}::int`;
      const c = memberLoanFactsColumns(member, choice);
      const extras = Object.entries(extra as Record<string, SQL>).map(([name, column]) => sql`, ${column} as ${sql.identifier(name)}`);
      const result = await db.execute(
        sql`select ${c.loansJson} as "loansJson", ${c.businessOverride} as "businessOverride", ${c.chosenLoanId} as "chosenLoanId", ${c.noteJson} as "noteJson", ${c.ledgerJson} as "ledgerJson", ${c.pendingTransaction} as "pendingTransaction", ${memberApplicationsColumn(member)} as "applicationsJson"${sql.join(extras)}`,
      );
      const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      const picked = Object.fromEntries(Object.keys(extra).map((k) => [k, row[k]])) as Record<X, unknown>;
      return { facts: memberLoanFactsFrom(row as FactsColumns), applications: memberApplicationsFrom(row.applicationsJson), extra: picked };
    },

    /**
     * The member's loans (or the one `loanId`, when it is theirs), newest first, each with its signed note,
     * ledger and transactions, and the business-date override: ONE statement (the payment history).
     */
    loanBooksOfMember: async (userId: number, loanId: number | null): Promise<{ books: LoanBook[]; businessOverride: string | null }> => {
      const only = loanId === null ? sql`` : sql` and ${loans.id} = ${loanId}::int`;
      const result = await db.execute(sql`select (select coalesce(json_agg(json_build_object(
          'loan', to_jsonb(${loans}),
          'note', (select json_build_object('document', to_jsonb(${loanDocuments}), 'esignature', to_jsonb(${esignatures})) from ${loanDocuments} inner join ${esignatures} on ${esignatures.id} = ${loanDocuments.esignatureId} where ${loanDocuments.loanId} = ${loans.id} and ${loanDocuments.kind} = 'signed_note' limit 1),
          'ledger', (select coalesce(json_agg(to_jsonb(${ledgerEntries}) order by ${ledgerEntries.effectiveDate} asc, ${ledgerEntries.id} asc), '[]'::json) from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loans.id}),
          'transactions', (select coalesce(json_agg(to_jsonb(${loanTransactions}) order by ${loanTransactions.id} asc), '[]'::json) from ${loanTransactions} where ${loanTransactions.loanId} = ${loans.id})
        ) order by ${loans.id} desc), '[]'::json) from ${loans} where ${loans.userId} = ${userId}::int${only}) as "books",
        (select ${businessClock.overrideDate}::text from ${businessClock} where ${businessClock.id} = 1) as "businessOverride"`);
      const row = (result as unknown as { rows: { books: unknown; businessOverride: string | null }[] }).rows[0]!;
      const books = (
        parsedJson(row.books) as {
          loan: Record<string, unknown>;
          note: { document: Record<string, unknown>; esignature: Record<string, unknown> } | null;
          ledger: unknown;
          transactions: unknown;
        }[]
      ).map((b) => ({
        loan: rowFromJson(loans, b.loan),
        note: b.note ? { document: rowFromJson(loanDocuments, b.note.document), esignature: rowFromJson(esignatures, b.note.esignature) } : undefined,
        ledger: rowsFromJson(ledgerEntries, b.ledger),
        transactions: rowsFromJson(loanTransactions, b.transactions),
      }));
      return { books, businessOverride: row.businessOverride ?? null };
    },
  };
}

/** One loan with what its screens read of it. */
export type LoanBook = { loan: LoanRow; note: NoteRow | undefined; ledger: LedgerEntryRow[]; transactions: (typeof loanTransactions.$inferSelect)[] };
