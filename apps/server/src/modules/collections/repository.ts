import type { IsoDate } from '@payrail/domain/dates';
import type { Cents } from '@payrail/domain/money';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collectionContacts,
  collectionNotes,
  collectionNotices,
  loanDelinquency,
  loanDelinquencyHistory,
  promisesToPay,
  staffActions,
  staffUsers,
} from '../../db/schema/index';

export type DelinquencyRow = typeof loanDelinquency.$inferSelect;
export type HistoryInsert = Omit<typeof loanDelinquencyHistory.$inferInsert, 'id'>;
export type ContactRow = typeof collectionContacts.$inferSelect;
export type PromiseRow = typeof promisesToPay.$inferSelect;
export type NoticeInsert = Omit<typeof collectionNotices.$inferInsert, 'id'>;
type StaffActionInsert = Omit<typeof staffActions.$inferInsert, 'id'>;

/** Thrown inside a contact's transaction to roll it back with the refusal's message. */
export class ContactRefused extends Error {}

const CHUNK = 1000;
const chunks = <T>(rows: readonly T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The collections desk's own tables (db/schema/collections-desk.ts). */
export function collectionsDeskRepository(db: Db) {
  const staffName = sql<string>`coalesce(${staffUsers.name}, ${staffUsers.email})`;
  return {
    // ── Delinquency state, written by the daily run ──
    states: async (loanIds: readonly number[]): Promise<Map<number, DelinquencyRow>> => {
      const out = new Map<number, DelinquencyRow>();
      for (const part of chunks(loanIds)) {
        const rows = await db
          .select()
          .from(loanDelinquency)
          .where(sql`${loanDelinquency.loanId} = any(${sql.param(part)}::int[])`);
        for (const r of rows) out.set(r.loanId, r);
      }
      return out;
    },
    state: async (loanId: number): Promise<DelinquencyRow | undefined> =>
      (await db.select().from(loanDelinquency).where(eq(loanDelinquency.loanId, loanId)).limit(1))[0],
    /** Upserts the states and adds the bucket transitions (one per loan and date: a replay adds nothing). */
    saveStates: async (rows: readonly DelinquencyRow[], transitions: readonly HistoryInsert[]): Promise<void> => {
      await db.transaction(async (tx) => {
        for (const part of chunks(rows)) {
          await tx
            .insert(loanDelinquency)
            .values(part)
            .onConflictDoUpdate({
              target: loanDelinquency.loanId,
              set: {
                asOf: sql`excluded.as_of`,
                daysPastDue: sql`excluded.days_past_due`,
                bucket: sql`excluded.bucket`,
                bucketSince: sql`excluded.bucket_since`,
                delinquentSince: sql`excluded.delinquent_since`,
                pastDueCents: sql`excluded.past_due_cents`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
        }
        for (const part of chunks(transitions)) await tx.insert(loanDelinquencyHistory).values(part).onConflictDoNothing();
      });
    },
    history: (loanId: number) =>
      db
        .select()
        .from(loanDelinquencyHistory)
        .where(eq(loanDelinquencyHistory.loanId, loanId))
        .orderBy(desc(loanDelinquencyHistory.onDate), desc(loanDelinquencyHistory.id)),

    // ── Promises to pay ──
    openPromisesDueBefore: (date: IsoDate) =>
      db
        .select()
        .from(promisesToPay)
        .where(and(eq(promisesToPay.status, 'open'), lt(promisesToPay.promisedDate, date)))
        .orderBy(asc(promisesToPay.id)),
    decidePromise: async (id: number, status: 'kept' | 'broken', on: IsoDate, receivedCents: Cents): Promise<boolean> =>
      (
        await db
          .update(promisesToPay)
          .set({ status, decidedOn: on, receivedCents })
          .where(and(eq(promisesToPay.id, id), eq(promisesToPay.status, 'open')))
          .returning({ id: promisesToPay.id })
      ).length === 1,
    openPromise: async (loanId: number): Promise<PromiseRow | undefined> =>
      (
        await db
          .select()
          .from(promisesToPay)
          .where(and(eq(promisesToPay.loanId, loanId), eq(promisesToPay.status, 'open')))
          .limit(1)
      )[0],
    /** Records a promise with its audit row; null when another open promise won (one open per loan). */
    insertPromise: async (
      p: Omit<typeof promisesToPay.$inferInsert, 'id' | 'status'>,
      audit: (row: PromiseRow) => StaffActionInsert,
    ): Promise<PromiseRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promisesToPay)
          .values({ ...p, status: 'open' })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        await tx.insert(staffActions).values(audit(row));
        return row;
      }),
    promises: (loanId: number) =>
      db
        .select({ row: promisesToPay, staffName })
        .from(promisesToPay)
        .innerJoin(staffUsers, eq(staffUsers.id, promisesToPay.staffUserId))
        .where(eq(promisesToPay.loanId, loanId))
        .orderBy(desc(promisesToPay.id)),

    // ── Contacts ──
    /**
     * Logs a contact attempt under the loan's collections lock (a transaction-scoped advisory lock on the
     * loan: concurrent attempts on one loan are checked one after the other). `check` reads the attempts
     * already made and throws {@link ContactRefused} to refuse; nothing is written then.
     */
    logContact: async (
      loanId: number,
      since: Date,
      check: (past: ContactRow[]) => void,
      contact: Omit<typeof collectionContacts.$inferInsert, 'id'>,
      audit: (row: ContactRow) => StaffActionInsert,
    ): Promise<ContactRow> =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(3201, ${loanId}::int)`);
        const past = await tx
          .select()
          .from(collectionContacts)
          .where(and(eq(collectionContacts.loanId, loanId), gte(collectionContacts.at, since)));
        check(past);
        const [row] = await tx.insert(collectionContacts).values(contact).returning();
        await tx.insert(staffActions).values(audit(row!));
        return row!;
      }),
    contactsSince: (loanId: number, since: Date) =>
      db
        .select()
        .from(collectionContacts)
        .where(and(eq(collectionContacts.loanId, loanId), gte(collectionContacts.at, since))),
    contacts: (loanId: number) =>
      db
        .select({ row: collectionContacts, staffName })
        .from(collectionContacts)
        .innerJoin(staffUsers, eq(staffUsers.id, collectionContacts.staffUserId))
        .where(eq(collectionContacts.loanId, loanId))
        .orderBy(desc(collectionContacts.at), desc(collectionContacts.id)),

    // ── Notes ──
    insertNote: async (n: Omit<typeof collectionNotes.$inferInsert, 'id'>, audit: (id: number) => StaffActionInsert) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(collectionNotes).values(n).returning();
        await tx.insert(staffActions).values(audit(row!.id));
        return row!;
      }),
    notes: (loanId: number) =>
      db
        .select({ row: collectionNotes, staffName })
        .from(collectionNotes)
        .innerJoin(staffUsers, eq(staffUsers.id, collectionNotes.staffUserId))
        .where(eq(collectionNotes.loanId, loanId))
        .orderBy(desc(collectionNotes.at), desc(collectionNotes.id)),

    // ── Notices ──
    /** Past-due notice days already logged per (loan, delinquency due date). */
    pastDueNoticeDays: async (loanIds: readonly number[]): Promise<Map<string, Set<number>>> => {
      const out = new Map<string, Set<number>>();
      for (const part of chunks(loanIds)) {
        const rows = await db
          .selectDistinct({ loanId: collectionNotices.loanId, dueDate: collectionNotices.dueDate, day: collectionNotices.noticeDay })
          .from(collectionNotices)
          .where(and(sql`${collectionNotices.loanId} = any(${sql.param(part)}::int[])`, eq(collectionNotices.kind, 'past_due')));
        for (const r of rows) {
          const key = `${r.loanId}:${r.dueDate}`;
          if (!out.has(key)) out.set(key, new Set());
          out.get(key)!.add(r.day);
        }
      }
      return out;
    },
    /**
     * Logs notices once each (unique per loan, kind, due date, day, channel), in multi-row statements; answers
     * the ones inserted now (a notice already logged is not inserted again, so it is not sent again).
     */
    logNotices: async (rows: readonly NoticeInsert[]): Promise<NoticeInsert[]> => {
      const inserted: NoticeInsert[] = [];
      for (const part of chunks(rows)) {
        const got = await db.insert(collectionNotices).values(part).onConflictDoNothing().returning({
          loanId: collectionNotices.loanId,
          kind: collectionNotices.kind,
          dueDate: collectionNotices.dueDate,
          noticeDay: collectionNotices.noticeDay,
          channel: collectionNotices.channel,
        });
        const keys = new Set(got.map((g) => `${g.loanId}|${g.kind}|${g.dueDate}|${g.noticeDay}|${g.channel}`));
        inserted.push(...part.filter((n) => keys.has(`${n.loanId}|${n.kind}|${n.dueDate}|${n.noticeDay}|${n.channel}`)));
      }
      return inserted;
    },
    notices: (loanId: number) => db.select().from(collectionNotices).where(eq(collectionNotices.loanId, loanId)).orderBy(desc(collectionNotices.id)),

    audit: async (a: StaffActionInsert) => {
      await db.insert(staffActions).values(a);
    },
  };
}

export type CollectionsDeskRepository = ReturnType<typeof collectionsDeskRepository>;
