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

/** The id of the member's chosen loan (null when they have none of that kind), as a subquery of the caller's statement. */
export const chosenLoanId = (userId: SQL | AnyPgColumn, choice: LoanChoice): SQL => {
  const status = choice === 'opened' ? sql` and ${loans.status} = 'opened'` : choice === 'live' ? sql` and ${loans.status} in ('opened', 'default')` : sql``;
  return sql`(select ${loans.id} from ${loans} where ${loans.userId} = ${userId}${status} order by ${loans.id} desc limit 1)`;
};

/**
 * `loanId`: the chosen loan's id as an expression the caller's statement has already computed once (a
 * column of its FROM: `chosenLoanId`, or the caller's own reading of the member's loans); the note, ledger
 * and payment-in-flight subqueries read it instead of choosing the loan again each. `when`: the condition
 * under which the member's loans are read at all (null otherwise, read as none): a caller that needs the
 * facts only in some cases (the session check: a latest loan opened) does not build that JSON for the others.
 */
export function memberLoanFactsColumns(userId: SQL | AnyPgColumn, loanId: SQL, when?: SQL) {
  const loansJson = sql<unknown>`(select coalesce(json_agg(to_jsonb(${loans}) order by ${loans.id} desc), '[]'::json) from ${loans} where ${loans.userId} = ${userId})`;
  return {
    loansJson: when ? sql<unknown>`case when ${when} then ${loansJson} end` : loansJson,
    businessOverride: sql<string | null>`(select ${businessClock.overrideDate}::text from ${businessClock} where ${businessClock.id} = 1)`,
    chosenLoanId: sql<number | null>`${loanId}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    // Aliased: inside a one-table select drizzle writes columns unqualified, and this subquery joins two tables.
    noteJson: sql<unknown>`(select json_build_object('document', to_jsonb(d), 'esignature', to_jsonb(e)) from ${loanDocuments} d inner join ${esignatures} e on e.id = d.esignature_id where d.loan_id = ${loanId} and d.kind = 'signed_note' limit 1)`,
    ledgerJson: sql<unknown>`(select coalesce(json_agg(to_jsonb(${ledgerEntries}) order by ${ledgerEntries.effectiveDate} asc, ${ledgerEntries.id} asc), '[]'::json) from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loanId})`,
    // A scalar subquery, not EXISTS: with a loan id correlated to the caller's row (the session check's) the planner
    // may turn an EXISTS into a hashed scan of every loan's scheduled and pending transactions; this stays one index probe.
    pendingTransaction: sql<boolean>`coalesce((select true from ${loanTransactions} where ${loanTransactions.loanId} = ${loanId} and ${loanTransactions.status} in ('scheduled', 'pending') limit 1), false)`,
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

/**
 * Columns of the caller's module read in the member's one statement (e.g. the banners a page shows): `columns`
 * builds them over the member id it is given and nothing else (no value of its own), so the statement is the
 * same for every member and is prepared once under `name` (with the choice), like the plain one.
 */
export type MemberExtraColumns<X extends string> = { name: string; columns: (userId: SQL) => Record<X, SQL> };

type Prepared<P> = { execute(p: P): Promise<Record<string, unknown>[]> };

/** The loan-book facts and the applications of one member, read in ONE statement (the borrower's loan screens). */
export function memberLoanFactsRepository(db: Db) {
  // Every statement here is the same for every member: prepared once per choice and extra columns (planned once
  // per connection on PostgreSQL; parsing and planning these cost several times their execution), like the
  // session check's.
  const uid = sql`${sql.placeholder('userId')}::int`;
  const prepared = new Map<string, { stmt: Prepared<{ userId: number }>; extraKeys: string[] }>();
  const statementFor = (choice: LoanChoice, extra: MemberExtraColumns<string> | undefined) => {
    const name = extra ? `loan_book_member_facts_${choice}_${extra.name}` : `loan_book_member_facts_${choice}`;
    let found = prepared.get(name);
    if (!found) {
      const extraColumns = extra?.columns(uid) ?? {};
      // The chosen loan is found once, in the FROM, and every subquery reads its id there (`offset 0` keeps the
      // planner from pulling the subquery up, which would copy the search into each subquery again).
      const stmt = db
        .select({ ...memberLoanFactsColumns(uid, sql`"member_loan_facts"."loan_id"`), applicationsJson: memberApplicationsColumn(uid), ...extraColumns })
        .from(sql`(select ${chosenLoanId(uid, choice)} as "loan_id" offset 0) as "member_loan_facts"`)
        .prepare(name) as unknown as Prepared<{ userId: number }>;
      prepared.set(name, (found = { stmt, extraKeys: Object.keys(extraColumns) }));
    }
    return found;
  };
  // The payment history's books: `loanId` null reads every loan of the member. Written with aliases: inside a
  // one-table select drizzle writes columns unqualified, and these subqueries refer to the outer loan.
  const loanId = sql`${sql.placeholder('loanId')}::int`;
  const loanBooks = db
    .select({
      books: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'loan', to_jsonb(l),
          'note', (select json_build_object('document', to_jsonb(d), 'esignature', to_jsonb(e)) from ${loanDocuments} d inner join ${esignatures} e on e.id = d.esignature_id where d.loan_id = l.id and d.kind = 'signed_note' limit 1),
          'ledger', (select coalesce(json_agg(to_jsonb(le) order by le.effective_date asc, le.id asc), '[]'::json) from ${ledgerEntries} le where le.loan_id = l.id),
          'transactions', (select coalesce(json_agg(to_jsonb(t) order by t.id asc), '[]'::json) from ${loanTransactions} t where t.loan_id = l.id)
        ) order by l.id desc), '[]'::json) from ${loans} l where l.user_id = ${uid} and (${loanId} is null or l.id = ${loanId}))`,
      businessOverride: sql<string | null>`(select bc.override_date::text from ${businessClock} bc where bc.id = 1)`,
    })
    .from(sql`(select 1) as "member_loan_books"`)
    .prepare('loan_book_member_books') as unknown as Prepared<{ userId: number; loanId: number | null }>;
  return {
    /** `extra`: the caller's own columns, read in the same statement and answered as the driver returns them. */
    memberLoanFacts: async <X extends string = never>(
      userId: number,
      choice: LoanChoice,
      extra?: MemberExtraColumns<X>,
    ): Promise<{ facts: MemberLoanFacts; applications: MemberApplications; extra: Record<X, unknown> }> => {
      const { stmt, extraKeys } = statementFor(choice, extra);
      const [row] = await stmt.execute({ userId });
      const picked = Object.fromEntries(extraKeys.map((k) => [k, row![k]])) as Record<X, unknown>;
      return { facts: memberLoanFactsFrom(row as FactsColumns), applications: memberApplicationsFrom(row!.applicationsJson), extra: picked };
    },

    /**
     * The member's loans (or the one `loanId`, when it is theirs), newest first, each with its signed note,
     * ledger and transactions, and the business-date override: ONE statement (the payment history).
     */
    loanBooksOfMember: async (userId: number, loanId: number | null): Promise<{ books: LoanBook[]; businessOverride: string | null }> => {
      const [row] = (await loanBooks.execute({ userId, loanId })) as { books: unknown; businessOverride: string | null }[];
      const books = (
        parsedJson(row!.books) as {
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
      return { books, businessOverride: row!.businessOverride ?? null };
    },
  };
}

/** One loan with what its screens read of it. */
export type LoanBook = { loan: LoanRow; note: NoteRow | undefined; ledger: LedgerEntryRow[]; transactions: (typeof loanTransactions.$inferSelect)[] };
