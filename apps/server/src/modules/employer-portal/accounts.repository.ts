import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import {
  employerActions,
  employerInvitations,
  employerRecoveryCodes,
  employerSessions,
  employerUsers,
  employers,
  staffActions,
  staffUsers,
} from '../../db/schema/index';

export type EmployerUserRow = typeof employerUsers.$inferSelect;
export type EmployerInvitationRow = typeof employerInvitations.$inferSelect;
export type EmployerSessionRow = typeof employerSessions.$inferSelect;
export type EmployerSessionStage = EmployerSessionRow['stage'];
export type EmployerRow = typeof employers.$inferSelect;

/** A database or a transaction: anything that inserts. */
type Writer = Pick<Db, 'insert'>;

/** One entry of the employer users' audit trail (`employer_actions`, append-only). */
export type EmployerAuditEntry = {
  user: Pick<TEmployerUser, 'id' | 'employer_id'>;
  action: string;
  before?: Record<string, unknown>;
  after: Record<string, unknown>;
  ip?: string | null;
  at: Date;
};

/**
 * Appends to the employer audit trail. Every employer write (deductions, changes, remittances,
 * verification answers) calls it, inside its own transaction where it has one (`auditEmployer(tx, …)`).
 */
export async function auditEmployer(db: Writer, e: EmployerAuditEntry): Promise<void> {
  await db.insert(employerActions).values({
    employerUserId: e.user.id,
    employerId: e.user.employer_id,
    action: e.action,
    before: e.before ?? {},
    after: e.after,
    ip: e.ip ?? null,
    at: e.at,
  });
}

class AcceptLostRace extends Error {}

/** The employer user as a signed-in request carries it. */
const userColumns = {
  id: employerUsers.id,
  employer_id: employerUsers.employerId,
  employer_name: employers.name,
  email: employerUsers.email,
  name: employerUsers.name,
};

/** The employer portal's accounts: users, invitations, sessions, recovery codes and the audit trail (E1, issue #31). */
export function employerAccountsRepository(db: Db) {
  return {
    audit: (e: EmployerAuditEntry) => auditEmployer(db, e),

    listActions: (employerId: number) => db.select().from(employerActions).where(eq(employerActions.employerId, employerId)).orderBy(asc(employerActions.id)),

    // ---- employers (the back office's list) ----

    findEmployer: async (id: number): Promise<EmployerRow | undefined> => {
      const [row] = await db.select().from(employers).where(eq(employers.id, id)).limit(1);
      return row;
    },

    findEmployerBySlug: async (slug: string): Promise<EmployerRow | undefined> => {
      const [row] = await db.select().from(employers).where(eq(employers.slug, slug)).limit(1);
      return row;
    },

    /** Listed employers (not the hidden "typed in" ones), b2b partners first, then by name, with their account counts. */
    listEmployers: async (now: Date) => {
      const activeUsers =
        sql<number>`(select count(*) from ${employerUsers} where ${employerUsers.employerId} = ${qualified(employers.id)} and ${employerUsers.totpEnrolledAt} is not null and ${employerUsers.disabledAt} is null)`.mapWith(
          Number,
        );
      const pendingInvitations =
        sql<number>`(select count(*) from ${employerInvitations} where ${employerInvitations.employerId} = ${qualified(employers.id)} and ${employerInvitations.acceptedAt} is null and ${employerInvitations.revokedAt} is null and ${employerInvitations.expiresAt} > ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        );
      return db
        .select({ employer: employers, activeUsers, pendingInvitations })
        .from(employers)
        .where(eq(employers.isOther, false))
        .orderBy(sql`${employers.partnership} is null`, asc(employers.name), asc(employers.id));
    },

    countAccounts: async (employerId: number, now: Date) => {
      const [a] = await db
        .select({ n: count() })
        .from(employerUsers)
        .where(and(eq(employerUsers.employerId, employerId), isNotNull(employerUsers.totpEnrolledAt), isNull(employerUsers.disabledAt)));
      const [p] = await db
        .select({ n: count() })
        .from(employerInvitations)
        .where(
          and(
            eq(employerInvitations.employerId, employerId),
            isNull(employerInvitations.acceptedAt),
            isNull(employerInvitations.revokedAt),
            gt(employerInvitations.expiresAt, now),
          ),
        );
      return { activeUsers: a?.n ?? 0, pendingInvitations: p?.n ?? 0 };
    },

    // ---- users ----

    findUserByEmail: async (email: string): Promise<EmployerUserRow | undefined> => {
      const [row] = await db.select().from(employerUsers).where(eq(employerUsers.email, email.toLowerCase())).limit(1);
      return row;
    },

    findUser: async (id: number): Promise<EmployerUserRow | undefined> => {
      const [row] = await db.select().from(employerUsers).where(eq(employerUsers.id, id)).limit(1);
      return row;
    },

    /** The user as the guard carries it (with the employer's name). */
    userView: async (id: number): Promise<TEmployerUser | undefined> => {
      const [row] = await db
        .select(userColumns)
        .from(employerUsers)
        .innerJoin(employers, eq(employers.id, employerUsers.employerId))
        .where(eq(employerUsers.id, id))
        .limit(1);
      return row;
    },

    /** An employer's users with their last completed sign-in (newest first). */
    listUsers: (employerId: number) =>
      db
        .select({ user: employerUsers, lastSignInAt: max(employerSessions.createdAt) })
        .from(employerUsers)
        .leftJoin(employerSessions, and(eq(employerSessions.employerUserId, employerUsers.id), eq(employerSessions.stage, 'active')))
        .where(eq(employerUsers.employerId, employerId))
        .groupBy(employerUsers.id)
        .orderBy(desc(employerUsers.id)),

    /** An account set up outside the invitation flow (the demo seed, test support): enrolled at once; undefined when the e-mail is taken. */
    createEnrolledUser: async (p: {
      employerId: number;
      email: string;
      name: string;
      passwordHash: string;
      totpSecret: string;
      now: Date;
    }): Promise<EmployerUserRow | undefined> => {
      const [user] = await db
        .insert(employerUsers)
        .values({
          employerId: p.employerId,
          email: p.email.toLowerCase(),
          name: p.name,
          passwordHash: p.passwordHash,
          totpSecret: p.totpSecret,
          totpEnrolledAt: p.now,
          createdAt: p.now,
        })
        .onConflictDoNothing({ target: employerUsers.email })
        .returning();
      return user;
    },

    /** Moves a user to another employer (the demo seed, when the demo partner appears after the account). */
    moveUser: async (userId: number, employerId: number) => {
      await db.update(employerUsers).set({ employerId }).where(eq(employerUsers.id, userId));
    },

    /**
     * Creates the user an invitation names and marks the invitation accepted, atomically: a second accept
     * of the same invitation (a double click, a race) finds it accepted and gets `undefined`.
     */
    acceptInvitation: async (p: {
      invitationId: number;
      employerId: number;
      email: string;
      name: string;
      passwordHash: string;
      totpSecret: string;
      now: Date;
    }): Promise<EmployerUserRow | undefined> => {
      try {
        return await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(employerInvitations)
            .set({ acceptedAt: p.now })
            .where(
              and(
                eq(employerInvitations.id, p.invitationId),
                isNull(employerInvitations.acceptedAt),
                isNull(employerInvitations.revokedAt),
                gt(employerInvitations.expiresAt, p.now),
              ),
            )
            .returning({ id: employerInvitations.id });
          if (!claimed) return undefined;
          const [user] = await tx
            .insert(employerUsers)
            .values({ employerId: p.employerId, email: p.email, name: p.name, passwordHash: p.passwordHash, totpSecret: p.totpSecret, createdAt: p.now })
            .onConflictDoNothing({ target: employerUsers.email })
            .returning();
          // The address got an account meanwhile (another invitation): nothing of this one is kept.
          if (!user) throw new AcceptLostRace();
          await tx.update(employerInvitations).set({ acceptedUserId: user.id }).where(eq(employerInvitations.id, p.invitationId));
          return user;
        });
      } catch (e) {
        if (e instanceof AcceptLostRace) return undefined;
        throw e;
      }
    },

    /** A fresh TOTP secret (sealed) for an account that has not finished enrolment. */
    replaceTotpSecret: async (userId: number, sealed: string): Promise<boolean> => {
      const rows = await db
        .update(employerUsers)
        .set({ totpSecret: sealed, totpLastStep: null })
        .where(and(eq(employerUsers.id, userId), isNull(employerUsers.totpEnrolledAt)))
        .returning({ id: employerUsers.id });
      return rows.length > 0;
    },

    /**
     * Takes a TOTP step for the user if no step at or after it was taken before (replay protection), in one
     * conditional update: two requests with the same code cannot both win.
     */
    takeTotpStep: async (userId: number, step: number): Promise<boolean> => {
      const rows = await db
        .update(employerUsers)
        .set({ totpLastStep: step })
        .where(and(eq(employerUsers.id, userId), or(isNull(employerUsers.totpLastStep), lt(employerUsers.totpLastStep, step))))
        .returning({ id: employerUsers.id });
      return rows.length > 0;
    },

    /** Enrolment done: the account is active and gets its recovery codes (any earlier ones are dropped). */
    completeEnrolment: (userId: number, codeHashes: string[], now: Date) =>
      db.transaction(async (tx) => {
        const [user] = await tx
          .update(employerUsers)
          .set({ totpEnrolledAt: now })
          .where(and(eq(employerUsers.id, userId), isNull(employerUsers.totpEnrolledAt)))
          .returning({ id: employerUsers.id });
        if (!user) return false;
        await tx.delete(employerRecoveryCodes).where(eq(employerRecoveryCodes.employerUserId, userId));
        await tx.insert(employerRecoveryCodes).values(codeHashes.map((codeHash) => ({ employerUserId: userId, codeHash, createdAt: now })));
        return true;
      }),

    /** Spends one unused recovery code; false when none matches (or it was used). */
    useRecoveryCode: async (userId: number, codeHash: string, now: Date): Promise<boolean> => {
      const rows = await db
        .update(employerRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(employerRecoveryCodes.employerUserId, userId), eq(employerRecoveryCodes.codeHash, codeHash), isNull(employerRecoveryCodes.usedAt)))
        .returning({ id: employerRecoveryCodes.id });
      return rows.length > 0;
    },

    unusedRecoveryCodes: async (userId: number): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(employerRecoveryCodes)
        .where(and(eq(employerRecoveryCodes.employerUserId, userId), isNull(employerRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Disables an employer's user and ends every session of theirs; the user before, or undefined (not this employer's, or already disabled). */
    disableUser: (employerId: number, userId: number, now: Date, staffAction: { staffUserId: number }) =>
      db.transaction(async (tx) => {
        const [user] = await tx
          .update(employerUsers)
          .set({ disabledAt: now })
          .where(and(eq(employerUsers.id, userId), eq(employerUsers.employerId, employerId), isNull(employerUsers.disabledAt)))
          .returning();
        if (!user) return undefined;
        await tx
          .update(employerSessions)
          .set({ revokedAt: now })
          .where(and(eq(employerSessions.employerUserId, userId), isNull(employerSessions.revokedAt)));
        await tx.insert(staffActions).values({
          staffUserId: staffAction.staffUserId,
          action: 'employer_user_disabled',
          targetUserId: null,
          before: { employer_id: employerId, employer_user_id: userId, email: user.email },
          after: { disabled_at: now.toISOString() },
          at: now,
        });
        return user;
      }),

    // ---- invitations ----

    /** An invitation by its token's hash, with its employer's name. */
    findInvitationByTokenHash: async (tokenHash: string) => {
      const [row] = await db
        .select({ invitation: employerInvitations, employerName: employers.name })
        .from(employerInvitations)
        .innerJoin(employers, eq(employers.id, employerInvitations.employerId))
        .where(eq(employerInvitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** An invitation to this address still open (not accepted, revoked or expired), at any employer. */
    findOpenInvitation: async (email: string, now: Date) => {
      const [row] = await db
        .select()
        .from(employerInvitations)
        .where(
          and(
            eq(employerInvitations.email, email),
            isNull(employerInvitations.acceptedAt),
            isNull(employerInvitations.revokedAt),
            gt(employerInvitations.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Records an invitation and the staff action, together. */
    createInvitation: (p: { employerId: number; email: string; tokenHash: string; staffUserId: number; now: Date; expiresAt: Date }) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(employerInvitations)
          .values({
            employerId: p.employerId,
            email: p.email,
            tokenHash: p.tokenHash,
            invitedByStaffId: p.staffUserId,
            createdAt: p.now,
            expiresAt: p.expiresAt,
          })
          .returning();
        await tx.insert(staffActions).values({
          staffUserId: p.staffUserId,
          action: 'employer_user_invited',
          targetUserId: null,
          before: {},
          after: { employer_id: p.employerId, invitation_id: row!.id, email: p.email, expires_at: p.expiresAt.toISOString() },
          at: p.now,
        });
        return row!;
      }),

    /** Revokes an open invitation of this employer; the row before, or undefined (not this employer's, accepted or revoked). */
    revokeInvitation: (employerId: number, invitationId: number, now: Date, staffAction: { staffUserId: number }) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(employerInvitations)
          .set({ revokedAt: now })
          .where(
            and(
              eq(employerInvitations.id, invitationId),
              eq(employerInvitations.employerId, employerId),
              isNull(employerInvitations.acceptedAt),
              isNull(employerInvitations.revokedAt),
            ),
          )
          .returning();
        if (!row) return undefined;
        await tx.insert(staffActions).values({
          staffUserId: staffAction.staffUserId,
          action: 'employer_invitation_revoked',
          targetUserId: null,
          before: { employer_id: employerId, invitation_id: invitationId, email: row.email },
          after: { revoked_at: now.toISOString() },
          at: now,
        });
        return row;
      }),

    findInvitation: async (employerId: number, invitationId: number) => {
      const [row] = await db
        .select()
        .from(employerInvitations)
        .where(and(eq(employerInvitations.id, invitationId), eq(employerInvitations.employerId, employerId)))
        .limit(1);
      return row;
    },

    /** An employer's invitations, newest first, with the inviting staff member's name. */
    listInvitations: (employerId: number) =>
      db
        .select({ invitation: employerInvitations, invitedBy: staffUsers.name })
        .from(employerInvitations)
        .innerJoin(staffUsers, eq(staffUsers.id, employerInvitations.invitedByStaffId))
        .where(eq(employerInvitations.employerId, employerId))
        .orderBy(desc(employerInvitations.id)),

    // ---- sessions ----

    createSession: async (s: {
      tokenHash: string;
      employerUserId: number;
      stage: EmployerSessionStage;
      createdAt: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }) => {
      await db.insert(employerSessions).values({ ...s, lastSeenAt: s.createdAt });
    },

    /** A live session of one of `stages` (not revoked, not expired, its user not disabled) with its user. */
    findLiveSession: async (tokenHash: string, stages: readonly EmployerSessionStage[], now: Date) => {
      const [row] = await db
        .select({ session: employerSessions, user: userColumns })
        .from(employerSessions)
        .innerJoin(employerUsers, eq(employerUsers.id, employerSessions.employerUserId))
        .innerJoin(employers, eq(employers.id, employerUsers.employerId))
        .where(
          and(
            eq(employerSessions.tokenHash, tokenHash),
            inArray(employerSessions.stage, [...stages]),
            isNull(employerSessions.revokedAt),
            gt(employerSessions.expiresAt, now),
            isNull(employerUsers.disabledAt),
          ),
        )
        .limit(1);
      return row;
    },

    touchSession: async (id: number, now: Date) => {
      await db.update(employerSessions).set({ lastSeenAt: now }).where(eq(employerSessions.id, id));
    },

    /** Revokes a session; true when this call did (a pending challenge can be passed once). */
    revokeSession: async (id: number, now: Date): Promise<boolean> => {
      const rows = await db
        .update(employerSessions)
        .set({ revokedAt: now })
        .where(and(eq(employerSessions.id, id), isNull(employerSessions.revokedAt)))
        .returning({ id: employerSessions.id });
      return rows.length > 0;
    },
  };
}
export type EmployerAccountsRepository = ReturnType<typeof employerAccountsRepository>;
