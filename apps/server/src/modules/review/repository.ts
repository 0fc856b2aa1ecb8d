import { feedbackNotice } from '@payrail/domain/engagement/notices';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationMembers,
  applications,
  employers,
  feedbackRequests,
  loanBorrowers,
  staffActions,
  underwritingDecisions,
  userFeedbacks,
} from '../../db/schema/index';
import {
  type ApplicationPatch,
  type BorrowerPatch,
  type NewReference,
  type ProfilePatch,
  isSsnConflict,
  writeApplicationFields,
  writeReferences,
} from '../application/repository';
import { insertNotification } from '../engagement/repository';
import { applyStatusMove, type StatusMove } from '../workflow/repository';

export type DecisionRow = typeof underwritingDecisions.$inferSelect;
export type NewDecision = Omit<typeof underwritingDecisions.$inferInsert, 'id'>;
export type FeedbackRow = typeof feedbackRequests.$inferSelect;
export type NewFeedback = Omit<typeof feedbackRequests.$inferInsert, 'id' | 'status' | 'answeredAt' | 'answeredFields'>;
export type StaffActionRow = typeof staffActions.$inferSelect;
export type NewStaffAction = Omit<typeof staffActions.$inferInsert, 'id'>;

/**
 * Everything a status change carries along, written in ONE transaction with the move: the member's
 * not-qualified reason, the application row, a new application, the feedback request, the staff action.
 * When the move loses a race (the member left `from` meanwhile) nothing is written.
 */
export type Transition = {
  userId: number;
  move: StatusMove | null;
  /** Corrected answers (PUT /feedback): profile and borrower columns, and the references. */
  answers?: { patch: { profile?: ProfilePatch; borrower?: BorrowerPatch }; references?: readonly NewReference[] };
  member?: { notQualifiedReason: string | null };
  application?: { id: number; patch: ApplicationPatch };
  /** Closes the member's open application and opens a fresh one. */
  newApplication?: boolean;
  createFeedback?: NewFeedback;
  answerFeedback?: { id: number; fields: string[] };
  staffAction?: Omit<NewStaffAction, 'before' | 'after'> & { before: Record<string, unknown>; after: Record<string, unknown> };
  /**
   * The borrower's employer after a reviewer accepted a typed-in one: a listed employer (`id`), or one
   * made from what the applicant typed (`create`), matched on its slug when it exists already (two
   * reviewers accepting the same name make one row). The staff action's `after` gets `employer_id` and
   * `employer_created` (whether this transaction added the row).
   */
  employer?: { id: number } | { create: NewReviewedEmployer };
  at: Date;
};

/** A listed employer a reviewer adds to the employer table (new flow, employer_under_review → accept). */
export type NewReviewedEmployer = {
  slug: string;
  name: string;
  payFrequency: 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';
  payrollService: string | null;
  multiplePaycheck: boolean;
};

class LostRace extends Error {}

/** Underwriting decisions, reviewer feedback, borrower ratings, staff actions, and transitions with their side effects. */
export function reviewRepository(db: Db) {
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

  return {
    recordDecision: async (d: NewDecision): Promise<DecisionRow> => {
      const [row] = await db.insert(underwritingDecisions).values(d).returning();
      return row!;
    },

    latestDecision: (userId: number, stage?: DecisionRow['stage']) =>
      one(
        db
          .select()
          .from(underwritingDecisions)
          .where(stage ? and(eq(underwritingDecisions.userId, userId), eq(underwritingDecisions.stage, stage)) : eq(underwritingDecisions.userId, userId))
          .orderBy(desc(underwritingDecisions.id))
          .limit(1),
      ),

    listDecisions: (userId: number) =>
      db.select().from(underwritingDecisions).where(eq(underwritingDecisions.userId, userId)).orderBy(asc(underwritingDecisions.id)),

    /** The member's open feedback request (the newest; older open ones are superseded when a new one is sent). */
    openFeedback: (userId: number) =>
      one(
        db
          .select()
          .from(feedbackRequests)
          .where(and(eq(feedbackRequests.userId, userId), eq(feedbackRequests.status, 'open')))
          .orderBy(desc(feedbackRequests.id))
          .limit(1),
      ),

    latestFeedback: (userId: number) =>
      one(db.select().from(feedbackRequests).where(eq(feedbackRequests.userId, userId)).orderBy(desc(feedbackRequests.id)).limit(1)),

    /** Stores a star rating and marks the member as having rated, together. */
    createUserFeedback: (f: { userId: number; rating: number; message: string; at: Date }) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(userFeedbacks).values({ userId: f.userId, rating: f.rating, message: f.message, createdAt: f.at }).returning();
        await tx.update(applicationMembers).set({ feedbackRating: true, updatedAt: f.at }).where(eq(applicationMembers.id, f.userId));
        return row!;
      }),

    listStaffActions: (targetUserId: number) => db.select().from(staffActions).where(eq(staffActions.targetUserId, targetUserId)).orderBy(asc(staffActions.id)),

    /** Appends a staff action on its own (an action that moves nothing). */
    recordStaffAction: async (a: NewStaffAction): Promise<void> => {
      await db.insert(staffActions).values(a);
    },

    /** Applies a transition and its side effects atomically; refuses when the move lost a race or an SSN is taken. */
    commit: async (t: Transition): Promise<{ ok: true } | { ok: false; reason: 'lost_race' | 'ssn_taken' }> => {
      try {
        await db.transaction(async (tx) => {
          if (t.move && !(await applyStatusMove(tx, t.move))) throw new LostRace();
          if (t.answers) {
            await writeApplicationFields(tx, t.userId, t.answers.patch, t.at);
            if (t.answers.references) await writeReferences(tx, t.userId, t.answers.references, t.at);
          }
          if (t.member)
            await tx
              .update(applicationMembers)
              .set({ notQualifiedReason: t.member.notQualifiedReason, updatedAt: t.at })
              .where(eq(applicationMembers.id, t.userId));
          if (t.application)
            await tx
              .update(applications)
              .set({ ...t.application.patch, updatedAt: t.at })
              .where(eq(applications.id, t.application.id));
          if (t.newApplication) {
            await tx
              .update(applications)
              .set({ closedAt: t.at, updatedAt: t.at })
              .where(and(eq(applications.userId, t.userId), isNull(applications.closedAt)));
            await tx.insert(applications).values({ userId: t.userId, createdAt: t.at, updatedAt: t.at });
          }
          if (t.createFeedback) {
            await tx
              .update(feedbackRequests)
              .set({ status: 'superseded' })
              .where(and(eq(feedbackRequests.userId, t.userId), eq(feedbackRequests.status, 'open')));
            await tx.insert(feedbackRequests).values(t.createFeedback);
            // Document requested (reviewer feedback): the borrower's notice names the documents.
            await insertNotification(tx, { userId: t.userId, message: feedbackNotice(t.createFeedback.documents), at: t.at });
          }
          if (t.answerFeedback) {
            await tx
              .update(feedbackRequests)
              .set({ status: 'answered', answeredAt: t.at, answeredFields: t.answerFeedback.fields })
              .where(eq(feedbackRequests.id, t.answerFeedback.id));
          }
          let staffAction = t.staffAction;
          if (t.employer) {
            let employerId: number;
            let created = false;
            if ('id' in t.employer) employerId = t.employer.id;
            else {
              const e = t.employer.create;
              const [template] = await tx.select().from(employers).where(eq(employers.isOther, true)).orderBy(asc(employers.id)).limit(1);
              const inserted = await tx
                .insert(employers)
                .values({
                  slug: e.slug,
                  name: e.name,
                  employerType: 'private',
                  partnership: null,
                  paymentType: 'split_direct_deposit',
                  payFrequency: e.payFrequency,
                  payrollService: e.payrollService,
                  multiplePaycheck: e.multiplePaycheck,
                  payStubHelp: template?.payStubHelp ?? 'Upload your most recent pay stub.',
                  logoSvg: template?.logoSvg ?? '',
                  isOther: false,
                  createdAt: t.at,
                })
                .onConflictDoNothing({ target: employers.slug })
                .returning({ id: employers.id });
              created = inserted.length > 0;
              const [row] = created ? inserted : await tx.select({ id: employers.id }).from(employers).where(eq(employers.slug, e.slug)).limit(1);
              employerId = row!.id;
            }
            await tx.update(loanBorrowers).set({ employerId, updatedAt: t.at }).where(eq(loanBorrowers.userId, t.userId));
            if (staffAction) staffAction = { ...staffAction, after: { ...staffAction.after, employer_id: employerId, employer_created: created } };
          }
          if (staffAction) await tx.insert(staffActions).values(staffAction);
        });
        return { ok: true };
      } catch (err) {
        if (err instanceof LostRace) return { ok: false, reason: 'lost_race' };
        if (isSsnConflict(err)) return { ok: false, reason: 'ssn_taken' };
        throw err;
      }
    },
  };
}
export type ReviewRepository = ReturnType<typeof reviewRepository>;
