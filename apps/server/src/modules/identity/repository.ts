import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { rowFromJson } from '../../db/json-rows';
import {
  applicationMembers,
  dataVersions,
  emailConfirmations,
  memberVersions,
  loanBorrowers,
  passwordResets,
  phoneVerifications,
  presignedLinks,
  staffActions,
  userAgreements,
  userSessions,
} from '../../db/schema/index';
import type { StatusMove } from '../../lib/status-move';
import type { StatusWrites } from './hooks';
import type { MemberRow } from '../../db/rows';

const { passwordHash: _passwordHash, ...memberColumns } = getTableColumns(applicationMembers);
/** The columns of {@link MemberRow}, for a session lookup built in a module above (the session check's summary). */
export const MEMBER_COLUMNS = memberColumns;

/**
 * The live session of the `tokenHash` placeholder at the `now` placeholder (unrevoked, before its absolute
 * expiry): the condition of every session lookup, this module's and the session check's summary above it.
 */
export const liveSessionCondition = () =>
  and(eq(userSessions.tokenHash, sql.placeholder('tokenHash')), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, sql.placeholder('now')));

export type BorrowerRow = typeof loanBorrowers.$inferSelect;
export type SessionRow = typeof userSessions.$inferSelect;
/** What the session's rules read of its row (`vetSession`), and all a signed-in request holds of it: the session read of a kept answer selects these alone. */
export type LiveSession = Pick<SessionRow, 'id' | 'tokenHash' | 'lastSeenAt' | 'expiresAt'>;
export type ConfirmationRow = typeof emailConfirmations.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;
export type PresignedLinkRow = typeof presignedLinks.$inferSelect;

export type Tracking = { utmSource?: string | undefined; utmMedium?: string | undefined; utmCampaign?: string | undefined; httpReferer?: string | undefined };

export type NewAccount = {
  member: {
    email: string;
    passwordHash: string | null;
    googleSub: string | null;
    confirmedAt: Date | null;
    workflowStatus: WorkflowStatus;
    newFlow: boolean;
    fingerprint: string | null;
  } & Tracking;
  borrower: { firstName: string | null; lastName: string | null; employerId: number | null; stateId: number; referCode: string; referredBy: string | null };
  agreements: { agreementDocumentId: number; ip: string | null; userAgent: string | null }[];
  at: Date;
};

export type CreateAccountResult = { ok: true; member: MemberRow; borrower: BorrowerRow } | { ok: false; conflict: 'email' | 'refer_code' };

const blankToUndefined = (v: string | undefined) => (v && v.trim() ? v : undefined);

/** `text` with LIKE's wildcards taken literally (PostgreSQL's default escape character, backslash). */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The back office's borrower search (the loan list, docs/servicing-operations.md "Loan list"): the ids of
 * members whose name ("First Last") or e-mail contains `text` (any case), or whose phone's digits contain
 * `digits`. A subquery, so another module's repository filters its own rows by it in ONE statement
 * without reading this module's tables itself.
 */
export function memberIdsMatching(db: Db, match: { text: string | null; digits: string | null }) {
  const anyOf: SQL[] = [];
  if (match.text) {
    const like = `%${likeLiteral(match.text)}%`;
    anyOf.push(sql`${applicationMembers.email} ilike ${like}`, sql`concat_ws(' ', ${loanBorrowers.firstName}, ${loanBorrowers.lastName}) ilike ${like}`);
  }
  if (match.digits) anyOf.push(sql`regexp_replace(coalesce(${loanBorrowers.phone}, ''), '[^0-9]', '', 'g') like ${`%${match.digits}%`}`);
  return db
    .select({ id: applicationMembers.id })
    .from(applicationMembers)
    .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
    .where(anyOf.length > 0 ? or(...anyOf) : sql`false`);
}

/** A borrower as staff lists read them: name, e-mail, phone. */
export type BorrowerCard = { id: number; email: string; firstName: string | null; lastName: string | null; phone: string | null };

/** `status`: the workflow's writes, made inside this repository's transactions (identity/hooks.ts). */
export function identityRepository(db: Db, status: StatusWrites) {
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

  // Every signed-in call starts with the session lookup: built and (on PostgreSQL) planned once.
  const liveSession = liveSessionCondition();
  const findLiveSession = db
    .select({ session: userSessions, member: memberColumns })
    .from(userSessions)
    .innerJoin(applicationMembers, eq(applicationMembers.id, userSessions.userId))
    .where(liveSession)
    .limit(1)
    .prepare('identity_find_live_session');
  // The same lookup with the data versions a kept answer is keyed by (http/kept-member-answers.ts): the member's
  // (member_versions) and the global one (data_versions), both moved by triggers in every write's own transaction
  // (migration 0042). Text, so both databases answer the same (int8); null when the row is missing (nothing kept).
  // The caller names the versions its kept answer was made under (`heldMemberVersion`, `heldDataVersion`; null when
  // it holds none): while the data still has them the answer is sent and the member is not needed, so the statement
  // reads the session and the two versions alone (the member row as JSON, built for nothing, was most of its cost in
  // the database). Otherwise the member comes as one JSON text column, parsed and mapped only then (a miss).
  const findLiveSessionVersions = db
    .select({
      // What the session's rules read (`LiveSession`): a hit maps two timestamps, not the whole row.
      sessionId: userSessions.id,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
      memberVersion: sql<string | null>`${memberVersions.version}::text`,
      dataVersion: sql<string | null>`${dataVersions.version}::text`,
      memberJson: sql<string | null>`case when ${memberVersions.version}::text = ${sql.placeholder('heldMemberVersion')}
        and ${dataVersions.version}::text = ${sql.placeholder('heldDataVersion')} then null
        else (select (to_jsonb(${applicationMembers}) - 'password_hash')::text from ${applicationMembers} where ${applicationMembers.id} = ${userSessions.userId}) end`,
    })
    .from(userSessions)
    .leftJoin(memberVersions, eq(memberVersions.userId, userSessions.userId))
    .leftJoin(dataVersions, eq(dataVersions.id, 1))
    .where(liveSession)
    .limit(1)
    .prepare('identity_find_live_session_versions');

  return {
    // ── Members ────────────────────────────────────────────────────────────────────────────────
    findMemberByEmail: (email: string) => one(db.select().from(applicationMembers).where(eq(applicationMembers.email, email.toLowerCase())).limit(1)),
    findMemberById: (id: number) => one(db.select().from(applicationMembers).where(eq(applicationMembers.id, id)).limit(1)),
    findMemberByGoogleSub: (sub: string) => one(db.select().from(applicationMembers).where(eq(applicationMembers.googleSub, sub)).limit(1)),
    findBorrower: (userId: number) => one(db.select().from(loanBorrowers).where(eq(loanBorrowers.userId, userId)).limit(1)),
    /** Several members' names, e-mails and phones in one read (a back-office list's borrowers). */
    borrowerCards: (ids: readonly number[]): Promise<BorrowerCard[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: applicationMembers.id,
              email: applicationMembers.email,
              firstName: loanBorrowers.firstName,
              lastName: loanBorrowers.lastName,
              phone: loanBorrowers.phone,
            })
            .from(applicationMembers)
            .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
            .where(inArray(applicationMembers.id, [...ids])),
    referCodeExists: async (code: string): Promise<boolean> =>
      (await db.select({ id: loanBorrowers.id }).from(loanBorrowers).where(eq(loanBorrowers.referCode, code.toUpperCase())).limit(1)).length > 0,

    /** Member, profile, first status, accepted agreements: all or nothing. */
    createAccount: async (account: NewAccount): Promise<CreateAccountResult> => {
      try {
        return await db.transaction(async (tx) => {
          const [member] = await tx
            .insert(applicationMembers)
            .values({ ...account.member, createdAt: account.at, updatedAt: account.at, lastSignInAt: account.member.confirmedAt ? account.at : null })
            .returning();
          const [borrower] = await tx
            .insert(loanBorrowers)
            .values({ ...account.borrower, userId: member!.id, createdAt: account.at, updatedAt: account.at })
            .returning();
          await status.recordFirstStatus(tx, member!.id, account.member.workflowStatus, account.at);
          if (account.agreements.length > 0) {
            await tx.insert(userAgreements).values(account.agreements.map((a) => ({ ...a, userId: member!.id, acceptedAt: account.at })));
          }
          return { ok: true as const, member: member!, borrower: borrower! };
        });
      } catch (err) {
        const constraint = violatedUniqueConstraint(err);
        if (constraint?.includes('refer_code')) return { ok: false, conflict: 'refer_code' };
        if (constraint !== null) return { ok: false, conflict: 'email' };
        throw err;
      }
    },

    /** Keeps the latest tracking parameters and the sign-in time. */
    recordSignIn: async (userId: number, tracking: Tracking, at: Date): Promise<void> => {
      const set = {
        lastSignInAt: at,
        utmSource: blankToUndefined(tracking.utmSource),
        utmMedium: blankToUndefined(tracking.utmMedium),
        utmCampaign: blankToUndefined(tracking.utmCampaign),
        httpReferer: blankToUndefined(tracking.httpReferer),
      };
      await db.update(applicationMembers).set(set).where(eq(applicationMembers.id, userId));
    },

    /**
     * Links a social identity. `confirm` also confirms the e-mail (the provider verified it) and drops
     * any password set before the confirmation: whoever typed it never proved they own the address.
     */
    linkGoogleIdentity: (p: { userId: number; googleSub: string; at: Date; confirm: boolean; move: StatusMove | null }) =>
      db.transaction(async (tx) => {
        await tx.update(applicationMembers).set({ googleSub: p.googleSub, updatedAt: p.at }).where(eq(applicationMembers.id, p.userId));
        if (p.confirm) {
          await tx
            .update(applicationMembers)
            .set({ confirmedAt: p.at, passwordHash: null })
            .where(and(eq(applicationMembers.id, p.userId), isNull(applicationMembers.confirmedAt)));
          if (p.move) await status.applyStatusMove(tx, p.move);
        }
      }),

    /** Sets the servicer flags and records the staff action with the flags before and after, in one transaction; undefined when no such member. */
    setServicerFlags: (p: {
      userId: number;
      flags: { hasNelnet: boolean; nelnetId: string | null; hasJackHenry: boolean };
      staffUserId: number;
      at: Date;
    }): Promise<MemberRow | undefined> =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(applicationMembers).where(eq(applicationMembers.id, p.userId)).for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(applicationMembers)
          .set({ ...p.flags, updatedAt: p.at })
          .where(eq(applicationMembers.id, p.userId))
          .returning();
        const flagsOf = (m: MemberRow) => ({ has_nelnet: m.hasNelnet, nelnet_id: m.nelnetId, has_jack_henry: m.hasJackHenry });
        await tx.insert(staffActions).values({
          staffUserId: p.staffUserId,
          action: 'set_servicer_flags',
          targetUserId: p.userId,
          before: flagsOf(before),
          after: flagsOf(after!),
          at: p.at,
        });
        return after;
      }),

    /** Sets the member's photo URL and answers the one it replaces (null when there was none). */
    replaceAvatar: (userId: number, url: string, at: Date): Promise<string | null> =>
      db.transaction(async (tx) => {
        const [before] = await tx.select({ avatar: applicationMembers.avatar }).from(applicationMembers).where(eq(applicationMembers.id, userId)).for('update');
        await tx.update(applicationMembers).set({ avatar: url, updatedAt: at }).where(eq(applicationMembers.id, userId));
        return before?.avatar ?? null;
      }),

    // ── Sessions ───────────────────────────────────────────────────────────────────────────────
    createSession: async (s: { tokenHash: string; userId: number; at: Date; expiresAt: Date; ip: string | null; userAgent: string | null }) => {
      await db
        .insert(userSessions)
        .values({ tokenHash: s.tokenHash, userId: s.userId, createdAt: s.at, lastSeenAt: s.at, expiresAt: s.expiresAt, ip: s.ip, userAgent: s.userAgent });
    },

    /** The unrevoked, unexpired (absolute) session for a token hash, with its member. */
    findLiveSession: (tokenHash: string, now: Date) => one(findLiveSession.execute({ tokenHash, now })),
    /**
     * {@link findLiveSession} with the member's and the global data version (kept answers' key), in the same one
     * statement (http/kept-member-answers.ts). `held`: the versions of the answer the caller holds (null: none).
     * When the data still has them the member is left out (`hasMember` false, `member()` throws: the caller sends
     * what it holds); otherwise it comes as JSON text, read by `member()` when the caller needs it (a miss). The
     * session is what its rules read (`LiveSession`).
     */
    findLiveSessionVersions: async (tokenHash: string, now: Date, held: { memberVersion: string; dataVersion: string } | null) => {
      const found = await one(
        findLiveSessionVersions.execute({ tokenHash, now, heldMemberVersion: held?.memberVersion ?? null, heldDataVersion: held?.dataVersion ?? null }),
      );
      if (!found) return undefined;
      const { memberJson, sessionId, lastSeenAt, expiresAt, memberVersion, dataVersion } = found;
      let member: MemberRow | undefined;
      return {
        session: { id: sessionId, tokenHash, lastSeenAt, expiresAt } satisfies LiveSession,
        memberVersion,
        dataVersion,
        /** Whether the member was read (false: the versions were the held ones). */
        hasMember: memberJson !== null,
        member: (): MemberRow => {
          if (member) return member;
          // Never on a read that found the held versions: the caller sends its answer then, and needs no member.
          if (memberJson === null) throw new Error('the session read left the member out: the held versions were current');
          const { passwordHash: _hash, ...columns } = rowFromJson(applicationMembers, JSON.parse(memberJson) as Record<string, unknown>);
          return (member = columns);
        },
      };
    },

    touchSession: async (id: number, now: Date) => {
      await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, id));
    },

    revokeSession: async (tokenHash: string, now: Date) => {
      await db
        .update(userSessions)
        .set({ revokedAt: now })
        .where(and(eq(userSessions.tokenHash, tokenHash), isNull(userSessions.revokedAt)));
    },

    // ── E-mail confirmation ────────────────────────────────────────────────────────────────────
    /**
     * Stores a new code and retires the member's earlier open ones (kept, marked superseded, so an old code
     * can answer that a newer one was sent); null when the code is taken (draw another).
     */
    replaceConfirmation: async (c: { userId: number; codeHash: string; expiresAt: Date; at: Date }): Promise<ConfirmationRow | null> => {
      try {
        return await db.transaction(async (tx) => {
          await tx
            .update(emailConfirmations)
            .set({ supersededAt: c.at })
            .where(and(eq(emailConfirmations.userId, c.userId), isNull(emailConfirmations.usedAt), isNull(emailConfirmations.supersededAt)));
          const [row] = await tx
            .insert(emailConfirmations)
            .values({ userId: c.userId, codeHash: c.codeHash, expiresAt: c.expiresAt, createdAt: c.at })
            .returning();
          return row!;
        });
      } catch (err) {
        if (violatedUniqueConstraint(err) !== null) return null;
        throw err;
      }
    },

    findConfirmationByHash: (codeHash: string) => one(db.select().from(emailConfirmations).where(eq(emailConfirmations.codeHash, codeHash)).limit(1)),

    latestOpenConfirmation: (userId: number) =>
      one(
        db
          .select()
          .from(emailConfirmations)
          .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt), isNull(emailConfirmations.supersededAt)))
          .orderBy(desc(emailConfirmations.id))
          .limit(1),
      ),

    /** Counts one guess at the code if it has any left (`attempts < cap`), in one conditional UPDATE; false when spent. */
    takeConfirmationAttempt: async (id: number, cap: number): Promise<boolean> =>
      (
        await db
          .update(emailConfirmations)
          .set({ attempts: sql`${emailConfirmations.attempts} + 1` })
          .where(and(eq(emailConfirmations.id, id), lt(emailConfirmations.attempts, cap)))
          .returning({ id: emailConfirmations.id })
      ).length > 0,

    /** Uses the code, confirms the member and moves the status, at once; false if the code was used meanwhile. */
    confirmEmail: (p: { userId: number; confirmationId: number; at: Date; move: StatusMove | null }) =>
      db.transaction(async (tx) => {
        const used = await tx
          .update(emailConfirmations)
          .set({ usedAt: p.at })
          .where(and(eq(emailConfirmations.id, p.confirmationId), isNull(emailConfirmations.usedAt), isNull(emailConfirmations.supersededAt)))
          .returning({ id: emailConfirmations.id });
        if (used.length === 0) return false;
        await tx
          .update(applicationMembers)
          .set({ confirmedAt: p.at, updatedAt: p.at })
          .where(and(eq(applicationMembers.id, p.userId), isNull(applicationMembers.confirmedAt)));
        if (p.move) await status.applyStatusMove(tx, p.move);
        return true;
      }),

    // ── Password reset ─────────────────────────────────────────────────────────────────────────
    replacePasswordReset: (r: { userId: number; tokenHash: string; expiresAt: Date; at: Date }) =>
      db.transaction(async (tx) => {
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, r.userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId: r.userId, tokenHash: r.tokenHash, expiresAt: r.expiresAt, createdAt: r.at });
      }),

    findPasswordReset: (tokenHash: string) => one(db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1)),

    /** Uses the token, sets the password and signs the member out everywhere; false if the token was used meanwhile. */
    /** Sets the password of an account that has none yet (the new flow's password_creation step). */
    setPassword: async (userId: number, passwordHash: string, at: Date): Promise<void> => {
      await db.update(applicationMembers).set({ passwordHash, updatedAt: at }).where(eq(applicationMembers.id, userId));
    },
    resetPassword: (p: { resetId: number; userId: number; passwordHash: string; at: Date }) =>
      db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: p.at })
          .where(and(eq(passwordResets.id, p.resetId), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return false;
        await tx.update(applicationMembers).set({ passwordHash: p.passwordHash, updatedAt: p.at }).where(eq(applicationMembers.id, p.userId));
        await tx
          .update(userSessions)
          .set({ revokedAt: p.at })
          .where(and(eq(userSessions.userId, p.userId), isNull(userSessions.revokedAt)));
        return true;
      }),

    // ── Phone verification ─────────────────────────────────────────────────────────────────────
    /** Stores the new code for a number: counts the send in the hour window and resets wrong guesses. */
    storePhoneCode: async (p: { userId: number; phone: string; codeHash: string; expiresAt: Date; at: Date; windowStartedAfter: Date }) => {
      const stale = sql`${phoneVerifications.windowStartedAt} <= ${p.windowStartedAfter.toISOString()}::timestamptz`;
      await db
        .insert(phoneVerifications)
        .values({
          userId: p.userId,
          phone: p.phone,
          codeHash: p.codeHash,
          sends: 1,
          windowStartedAt: p.at,
          attempts: 0,
          expiresAt: p.expiresAt,
          createdAt: p.at,
          updatedAt: p.at,
        })
        .onConflictDoUpdate({
          target: [phoneVerifications.userId, phoneVerifications.phone],
          set: {
            codeHash: p.codeHash,
            attempts: 0,
            expiresAt: p.expiresAt,
            updatedAt: p.at,
            sends: sql`case when ${stale} then 1 else ${phoneVerifications.sends} + 1 end`,
            windowStartedAt: sql`case when ${stale} then ${p.at.toISOString()}::timestamptz else ${phoneVerifications.windowStartedAt} end`,
          },
        });
    },

    findPhoneVerification: (userId: number, phone: string) =>
      one(
        db
          .select()
          .from(phoneVerifications)
          .where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.phone, phone)))
          .limit(1),
      ),

    /** Counts one guess at the code if it has any left (`attempts < cap`), in one conditional UPDATE; false when spent. */
    takePhoneCodeAttempt: async (id: number, cap: number): Promise<boolean> =>
      (
        await db
          .update(phoneVerifications)
          .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
          .where(and(eq(phoneVerifications.id, id), lt(phoneVerifications.attempts, cap), sql`${phoneVerifications.codeHash} is not null`))
          .returning({ id: phoneVerifications.id })
      ).length > 0,

    /** The number the application flow is verifying goes on file; a different number is unconfirmed until verified. */
    notePhoneOnFile: (p: { userId: number; phone: string; at: Date; move: StatusMove | null }) =>
      db.transaction(async (tx) => {
        await tx
          .update(loanBorrowers)
          .set({ phone: p.phone, phoneConfirmedAt: null, updatedAt: p.at })
          .where(and(eq(loanBorrowers.userId, p.userId), sql`${loanBorrowers.phone} is distinct from ${p.phone}`));
        if (p.move) await status.applyStatusMove(tx, p.move);
      }),

    /** Uses the code and confirms the number on the profile (and moves the status); false if the code was used meanwhile. */
    confirmPhone: (p: { verificationId: number; userId: number; phone: string; at: Date; move: StatusMove | null }) =>
      db.transaction(async (tx) => {
        const used = await tx
          .update(phoneVerifications)
          .set({ verifiedAt: p.at, codeHash: null, updatedAt: p.at })
          .where(and(eq(phoneVerifications.id, p.verificationId), sql`${phoneVerifications.codeHash} is not null`))
          .returning({ id: phoneVerifications.id });
        if (used.length === 0) return false;
        await tx.update(loanBorrowers).set({ phone: p.phone, phoneConfirmedAt: p.at, updatedAt: p.at }).where(eq(loanBorrowers.userId, p.userId));
        if (p.move) await status.applyStatusMove(tx, p.move);
        return true;
      }),

    // ── Pre-signed links ───────────────────────────────────────────────────────────────────────
    createPresignedLink: async (l: { codeHash: string; userId: number; newFlow: boolean; expiresAt: Date; createdByStaffId: number | null; at: Date }) => {
      const [row] = await db
        .insert(presignedLinks)
        .values({ ...l, createdAt: l.at })
        .returning();
      return row!;
    },

    findPresignedLink: (codeHash: string) => one(db.select().from(presignedLinks).where(eq(presignedLinks.codeHash, codeHash)).limit(1)),

    /**
     * Uses the link once. Following it proves the member reads that mailbox, so an unconfirmed e-mail
     * is confirmed too (with its status move). False if the link was used meanwhile.
     */
    /** Marks the link used; a new-flow link also moves the account onto the new flow (`new_flow`, what the session check answers). */
    usePresignedLink: (p: { id: number; userId: number; at: Date; confirm: boolean; move: StatusMove | null; newFlow: boolean }) =>
      db.transaction(async (tx) => {
        const used = await tx
          .update(presignedLinks)
          .set({ usedAt: p.at })
          .where(and(eq(presignedLinks.id, p.id), isNull(presignedLinks.usedAt)))
          .returning({ id: presignedLinks.id });
        if (used.length === 0) return false;
        if (p.newFlow)
          await tx
            .update(applicationMembers)
            .set({ newFlow: true, updatedAt: p.at })
            .where(and(eq(applicationMembers.id, p.userId), eq(applicationMembers.newFlow, false)));
        if (p.confirm) {
          await tx
            .update(applicationMembers)
            .set({ confirmedAt: p.at, updatedAt: p.at })
            .where(and(eq(applicationMembers.id, p.userId), isNull(applicationMembers.confirmedAt)));
          if (p.move) await status.applyStatusMove(tx, p.move);
        }
        return true;
      }),
  };
}
export type IdentityRepository = ReturnType<typeof identityRepository>;
