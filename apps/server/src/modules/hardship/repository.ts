import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import {
  documents,
  hardshipDocuments,
  hardshipEvents,
  hardshipRequests,
  loanBorrowers,
  loans,
  loanTransactions,
  staffActions,
  staffUsers,
  applicationMembers,
} from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';
import type { DbTx } from '../loan-book/repository';

export type HardshipRow = typeof hardshipRequests.$inferSelect;
export type NewHardship = Omit<typeof hardshipRequests.$inferInsert, 'id'>;
export type HardshipEventKind = (typeof hardshipEvents.$inferSelect)['kind'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx | DbTx;
type StaffAction = { staffUserId: number; action: string; targetUserId: number; before: Record<string, unknown>; after: Record<string, unknown> };

/** The request moved from `from` to its new status by another writer first: nothing was written. */
export class HardshipRaceLost extends Error {}

const OPEN = ['submitted', 'info_requested'] as const;

/** An event of the request, its documents attached. */
async function addEvent(
  tx: Runner,
  requestId: number,
  kind: HardshipEventKind,
  message: string | null,
  staffId: number | null,
  documentIds: readonly number[],
  at: Date,
) {
  const [event] = await tx.insert(hardshipEvents).values({ requestId, kind, staffId, message, at }).returning();
  if (documentIds.length > 0) await tx.insert(hardshipDocuments).values(documentIds.map((documentId) => ({ requestId, eventId: event!.id, documentId })));
  return event!;
}

/** Moves the request from one of `from` to `to` (with its other columns); throws {@link HardshipRaceLost} when it was not in `from`. */
async function move(
  tx: Runner,
  id: number,
  from: readonly HardshipRow['status'][],
  set: Partial<NewHardship> & { status: HardshipRow['status']; updatedAt: Date },
) {
  const [row] = await tx
    .update(hardshipRequests)
    .set(set)
    .where(and(eq(hardshipRequests.id, id), inArray(hardshipRequests.status, [...from])))
    .returning();
  if (!row) throw new HardshipRaceLost();
  return row;
}

/** Hardship requests (docs/hardship.md): the only Drizzle code of the module. */
export function hardshipRepository(db: Db) {
  return {
    byId: async (id: number): Promise<HardshipRow | undefined> => (await db.select().from(hardshipRequests).where(eq(hardshipRequests.id, id)).limit(1))[0],
    ofLoan: (loanId: number): Promise<HardshipRow[]> =>
      db.select().from(hardshipRequests).where(eq(hardshipRequests.loanId, loanId)).orderBy(desc(hardshipRequests.id)),
    /** The member's requests that wait for the borrower's answer (the requests inbox), with the loan's identifier. */
    awaitingAnswer: (userId: number) =>
      db
        .select({
          id: hardshipRequests.id,
          loanId: hardshipRequests.loanId,
          identifier: loans.identifier,
          staffMessage: hardshipRequests.staffMessage,
          since: hardshipRequests.updatedAt,
        })
        .from(hardshipRequests)
        .innerJoin(loans, eq(loans.id, hardshipRequests.loanId))
        .where(and(eq(hardshipRequests.userId, userId), eq(hardshipRequests.status, 'info_requested')))
        .orderBy(asc(hardshipRequests.id)),
    /** The business date of the loan's latest approval (the 12-month rule), or null. */
    lastApprovedOn: async (loanId: number): Promise<string | null> => {
      const [row] = await db
        .select({ decision: hardshipRequests.decision })
        .from(hardshipRequests)
        .where(and(eq(hardshipRequests.loanId, loanId), eq(hardshipRequests.status, 'approved')))
        .orderBy(desc(hardshipRequests.decidedAt))
        .limit(1);
      return row?.decision?.decidedOn ?? null;
    },
    /** Installments whose auto-debit is scheduled or sent and not settled (they never move). */
    inFlightInstallments: async (loanId: number): Promise<number[]> => {
      const rows = await db
        .select({ n: loanTransactions.installmentN })
        .from(loanTransactions)
        .where(and(eq(loanTransactions.loanId, loanId), inArray(loanTransactions.status, ['scheduled', 'pending'])));
      return rows.flatMap((r) => (r.n === null ? [] : [r.n]));
    },
    /** Of `ids`, the member's live hardship documents not attached to a request yet. */
    attachableDocuments: async (userId: number, ids: readonly number[]) => {
      if (ids.length === 0) return [];
      const attached = db.select({ id: hardshipDocuments.documentId }).from(hardshipDocuments);
      return db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            inArray(documents.id, [...ids]),
            eq(documents.userId, userId),
            eq(documents.documentTypeName, 'hardship_document'),
            isNull(documents.deletedAt),
            notInArray(documents.id, attached),
          ),
        );
    },
    /** A request's history (staff names) and attached documents. */
    history: async (requestIds: readonly number[]) => {
      if (requestIds.length === 0) return { events: [], docs: [] };
      const [events, docs] = await Promise.all([
        db
          .select({
            id: hardshipEvents.id,
            requestId: hardshipEvents.requestId,
            kind: hardshipEvents.kind,
            staffId: hardshipEvents.staffId,
            staffName: staffUsers.name,
            message: hardshipEvents.message,
            at: hardshipEvents.at,
          })
          .from(hardshipEvents)
          .leftJoin(staffUsers, eq(staffUsers.id, hardshipEvents.staffId))
          .where(inArray(hardshipEvents.requestId, [...requestIds]))
          .orderBy(asc(hardshipEvents.id)),
        db
          .select({
            eventId: hardshipDocuments.eventId,
            requestId: hardshipDocuments.requestId,
            id: documents.id,
            fileName: documents.fileName,
            createdAt: documents.createdAt,
            deletedAt: documents.deletedAt,
          })
          .from(hardshipDocuments)
          .innerJoin(documents, eq(documents.id, hardshipDocuments.documentId))
          .where(inArray(hardshipDocuments.requestId, [...requestIds]))
          .orderBy(asc(hardshipDocuments.id)),
      ]);
      return { events, docs };
    },
    /** The attached document (live), when it belongs to the request. */
    attachedDocument: async (requestId: number, documentId: number) =>
      (
        await db
          .select({ document: documents })
          .from(hardshipDocuments)
          .innerJoin(documents, eq(documents.id, hardshipDocuments.documentId))
          .where(and(eq(hardshipDocuments.requestId, requestId), eq(hardshipDocuments.documentId, documentId), isNull(documents.deletedAt)))
          .limit(1)
      )[0]?.document,
    queue: (status: HardshipRow['status'] | undefined) =>
      db
        .select({
          request: hardshipRequests,
          identifier: loans.identifier,
          firstName: loanBorrowers.firstName,
          lastName: loanBorrowers.lastName,
          email: applicationMembers.email,
        })
        .from(hardshipRequests)
        .innerJoin(loans, eq(loans.id, hardshipRequests.loanId))
        .innerJoin(applicationMembers, eq(applicationMembers.id, hardshipRequests.userId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, hardshipRequests.userId))
        .where(status ? eq(hardshipRequests.status, status) : sql`true`)
        .orderBy(desc(hardshipRequests.updatedAt), desc(hardshipRequests.id))
        .limit(500),
    borrower: async (userId: number) =>
      (
        await db
          .select({ email: applicationMembers.email, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName })
          .from(applicationMembers)
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
          .where(eq(applicationMembers.id, userId))
          .limit(1)
      )[0],

    /** A new request with its first event, documents and the borrower's notice; null when the loan already has an open one. */
    create: async (r: NewHardship, documentIds: readonly number[], notice: string): Promise<HardshipRow | null> => {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(hardshipRequests).values(r).returning();
          await addEvent(tx, row!.id, 'submitted', null, null, documentIds, r.createdAt);
          await insertNotification(tx, { userId: r.userId, message: notice, at: r.createdAt });
          return row!;
        });
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'hardship_requests_one_open') return null;
        throw error;
      }
    },

    /** The borrower's answer: back to `submitted` with the message and documents (throws {@link HardshipRaceLost}). */
    answer: (id: number, message: string, documentIds: readonly number[], at: Date) =>
      db.transaction(async (tx) => {
        const row = await move(tx, id, ['info_requested'], { status: 'submitted', updatedAt: at });
        await addEvent(tx, id, 'answered', message, null, documentIds, at);
        return row;
      }),

    /** Staff ask for more information, or decline: the move, the event, the audit row and the borrower's notice together. */
    staffMove: (p: {
      id: number;
      from: readonly HardshipRow['status'][];
      to: 'info_requested' | 'declined';
      message: string;
      staffId: number;
      notice: string;
      audit: StaffAction;
      at: Date;
    }) =>
      db.transaction(async (tx) => {
        const decided = p.to === 'declined' ? { decidedAt: p.at, decidedByStaffId: p.staffId } : {};
        const row = await move(tx, p.id, p.from, { status: p.to, staffMessage: p.message, updatedAt: p.at, ...decided });
        await addEvent(tx, p.id, p.to, p.message, p.staffId, [], p.at);
        await tx.insert(staffActions).values({ ...p.audit, at: p.at });
        await insertNotification(tx, { userId: row.userId, message: p.notice, at: p.at });
        return row;
      }),

    /**
     * The approval's own writes inside the schedule revision's transaction (the loan's row is locked): the
     * request decided (with the cents the loan book waived), the event, the audit row and the borrower's notice. Throws {@link HardshipRaceLost} when the request was
     * decided meanwhile (the revision rolls back with it).
     */
    approveIn: async (
      tx: DbTx,
      p: {
        id: number;
        staffId: number;
        message: string | null;
        decision: NonNullable<NewHardship['decision']>;
        waivedCents: number;
        notice: (waivedCents: number) => string;
        audit: (waivedCents: number) => StaffAction;
        at: Date;
      },
    ): Promise<{ row: HardshipRow; waivedCents: number }> => {
      const current = await tx.select().from(hardshipRequests).where(eq(hardshipRequests.id, p.id)).limit(1);
      if (!current[0] || !OPEN.includes(current[0].status as (typeof OPEN)[number])) throw new HardshipRaceLost();
      const waivedCents = p.waivedCents;
      const decision = { ...p.decision, waivedCents };
      const row = await move(tx, p.id, OPEN, {
        status: 'approved',
        staffMessage: p.message,
        decision,
        decidedAt: p.at,
        decidedByStaffId: p.staffId,
        updatedAt: p.at,
      });
      await addEvent(tx, p.id, 'approved', p.message, p.staffId, [], p.at);
      await tx.insert(staffActions).values({ ...p.audit(waivedCents), at: p.at });
      await insertNotification(tx, { userId: row.userId, message: p.notice(waivedCents), at: p.at });
      return { row, waivedCents };
    },
  };
}

export type HardshipRepository = ReturnType<typeof hardshipRepository>;
