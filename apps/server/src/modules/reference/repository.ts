import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agreementDocuments, employerRequests, employers, loanPurposes, payrollServices, states } from '../../db/schema/index';

export type StateRow = typeof states.$inferSelect;
export type EmployerRow = typeof employers.$inferSelect;
export type AgreementDocumentRow = typeof agreementDocuments.$inferSelect;

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function referenceRepository(db: Db) {
  // Public and asked for by every sign-up form: built once, planned once per connection on PostgreSQL.
  const listStatesStmt = db.select().from(states).orderBy(asc(states.name)).prepare('reference_list_states');
  return {
    /** Tells every instance listening on `channel` (PostgreSQL NOTIFY; delivered when the surrounding transaction, if any, commits). */
    announce: async (channel: string): Promise<void> => {
      await db.execute(sql`select pg_notify(${channel}, '')`);
    },

    listStates: (): Promise<StateRow[]> => listStatesStmt.execute(),

    findState: async (idOrAbbreviation: string): Promise<StateRow | undefined> => {
      const asId = /^\d+$/.test(idOrAbbreviation) ? Number(idOrAbbreviation) : undefined;
      // An id beyond the integer column names no state (and PostgreSQL would refuse the comparison).
      if (asId !== undefined && asId > 2_147_483_647) return undefined;
      const [row] = await db
        .select()
        .from(states)
        .where(asId !== undefined ? eq(states.id, asId) : eq(states.abbreviation, idOrAbbreviation.toUpperCase()))
        .limit(1);
      return row;
    },

    listLoanPurposes: () => db.select().from(loanPurposes).orderBy(asc(loanPurposes.id)),

    /** The payroll services of the employer_info form, in display order. */
    listPayrollServices: () => db.select().from(payrollServices).orderBy(asc(payrollServices.id)),

    searchEmployers: (text: string, limit = 20) =>
      db
        .select()
        .from(employers)
        .where(and(ilike(employers.name, likeContains(text)), eq(employers.isOther, false)))
        .orderBy(asc(employers.name))
        .limit(limit),

    getEmployer: async (id: number): Promise<EmployerRow | undefined> => {
      const [row] = await db.select().from(employers).where(eq(employers.id, id)).limit(1);
      return row;
    },

    /** Who typed in a hidden ("not listed") employer; undefined for a listed one. */
    employerAuthor: async (employerId: number): Promise<number | undefined> => {
      const [row] = await db.select({ userId: employerRequests.userId }).from(employerRequests).where(eq(employerRequests.employerId, employerId)).limit(1);
      return row?.userId;
    },

    /** The newest version of a document, preferring the state's own over the general one. */
    findAgreementDocument: async (name: string, stateAbbreviation: string | null): Promise<AgreementDocumentRow | undefined> => {
      const rows = await db
        .select()
        .from(agreementDocuments)
        .where(
          and(
            eq(agreementDocuments.name, name),
            stateAbbreviation
              ? or(eq(agreementDocuments.stateAbbreviation, stateAbbreviation), isNull(agreementDocuments.stateAbbreviation))
              : isNull(agreementDocuments.stateAbbreviation),
          ),
        );
      return rows.sort((a, b) => Number(b.stateAbbreviation !== null) - Number(a.stateAbbreviation !== null) || b.version.localeCompare(a.version))[0];
    },

    listAgreementDocuments: (name: string, stateAbbreviation: string | null) =>
      db
        .select()
        .from(agreementDocuments)
        .where(and(eq(agreementDocuments.name, name), stateAbbreviation ? eq(agreementDocuments.stateAbbreviation, stateAbbreviation) : undefined))
        .orderBy(asc(agreementDocuments.stateAbbreviation), asc(agreementDocuments.version)),

    getAgreementDocument: async (id: number): Promise<AgreementDocumentRow | undefined> => {
      const [row] = await db.select().from(agreementDocuments).where(eq(agreementDocuments.id, id)).limit(1);
      return row;
    },
  };
}
export type ReferenceRepository = ReturnType<typeof referenceRepository>;
