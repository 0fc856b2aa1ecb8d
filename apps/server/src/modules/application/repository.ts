import { createHash } from 'node:crypto';
import { type SQL, and, asc, desc, eq, gte, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { lockMember } from '../../db/member-lock';
import { applications, borrowerProfiles, borrowerReferences, leads, loanBorrowers, loanPurposes, ssnChecks } from '../../db/schema/index';

export type ProfileRow = typeof borrowerProfiles.$inferSelect;
export type ProfilePatch = Partial<Omit<typeof borrowerProfiles.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>>;
export type BorrowerPatch = Partial<{ firstName: string; lastName: string; stateId: number; employerId: number | null }>;
export type ReferenceRow = typeof borrowerReferences.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationPatch = Partial<Omit<typeof applications.$inferInsert, 'id' | 'userId' | 'createdAt'>>;
export type NewReference = { firstName: string; lastName: string; relationship: string; phone: string };

export type SaveResult = ({ ok: true } & SavedRows) | { ok: false; conflict: 'ssn' };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows as a save left them: the profile when profile columns were written, the borrower when borrower columns were. */
export type SavedRows = { profile?: ProfileRow; borrower?: typeof loanBorrowers.$inferSelect };

/** The profile upsert, prepared once per shape of patch (the columns written, and which of them are null). */
type ProfileUpsert = { execute: (values: Record<string, unknown>) => Promise<ProfileRow[]> };
/** Shapes kept prepared per repository; a patch of another shape past this is built per call, as before. */
const PROFILE_UPSERT_SHAPES = 64;

/**
 * Answers the prepared upsert of this patch's shape (built on first use), or undefined when the cache is
 * full. The SQL is the one drizzle builds for the patch, with the values as parameters and the conflict
 * branch setting each column from `excluded` (the row the insert proposed: the same values); a null is
 * part of the shape, since a null parameter bypasses the column's encoder. Named after a hash of its
 * shape, so every repository on a connection gives one shape the same name.
 */
function profileUpsertOf(db: Db, cache: Map<string, ProfileUpsert>, keys: readonly (keyof ProfilePatch)[], patch: ProfilePatch): ProfileUpsert | undefined {
  const shape = keys.map((k) => (patch[k] === null ? `${k}:null` : k)).join(',');
  const known = cache.get(shape);
  if (known || cache.size >= PROFILE_UPSERT_SHAPES) return known;
  const values: Record<string, unknown> = { userId: sql.placeholder('userId'), createdAt: sql.placeholder('at'), updatedAt: sql.placeholder('at') };
  const set: Record<string, SQL> = { updatedAt: sql`excluded.${sql.identifier(borrowerProfiles.updatedAt.name)}` };
  for (const k of keys) {
    values[k] = patch[k] === null ? null : sql.placeholder(k);
    set[k] = sql`excluded.${sql.identifier(borrowerProfiles[k].name)}`;
  }
  const name = `profile_upsert_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
  const stmt: ProfileUpsert = db
    .insert(borrowerProfiles)
    .values(values as typeof borrowerProfiles.$inferInsert)
    .onConflictDoUpdate({ target: borrowerProfiles.userId, set })
    .returning()
    .prepare(name);
  cache.set(shape, stmt);
  return stmt;
}

/**
 * Writes profile columns (creating the row when it is the first answer) and borrower columns, in the caller's
 * transaction, and answers the rows written (RETURNING: no second round trip to read what was just saved).
 * `profileUpserts` (outside a transaction only): the prepared upserts, so a call does not build its SQL again.
 */
export async function writeApplicationFields(
  tx: Db | Tx,
  userId: number,
  patch: { profile?: ProfilePatch; borrower?: BorrowerPatch },
  at: Date,
  profileUpserts?: Map<string, ProfileUpsert>,
): Promise<SavedRows> {
  const saved: SavedRows = {};
  const profile = patch.profile;
  const keys = profile ? (Object.keys(profile) as (keyof ProfilePatch)[]).filter((k) => profile[k] !== undefined).sort() : [];
  if (profile && keys.length > 0) {
    const prepared = profileUpserts && profileUpsertOf(tx as Db, profileUpserts, keys, profile);
    if (prepared) {
      const params: Record<string, unknown> = { userId, at };
      for (const k of keys) if (profile[k] !== null) params[k] = profile[k];
      [saved.profile] = await prepared.execute(params);
    } else {
      [saved.profile] = await tx
        .insert(borrowerProfiles)
        .values({ ...profile, userId, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { ...profile, updatedAt: at } })
        .returning();
    }
  }
  if (patch.borrower && Object.keys(patch.borrower).length > 0) {
    [saved.borrower] = await tx
      .update(loanBorrowers)
      .set({ ...patch.borrower, updatedAt: at })
      .where(eq(loanBorrowers.userId, userId))
      .returning();
  }
  return saved;
}

/**
 * Replaces the two references in the caller's transaction. The member's row is locked first, so identical
 * saves sent together run one after the other (each deletes what the previous one inserted) instead of
 * both inserting position 1 and one failing on `borrower_references_user_position` (issue #33).
 */
export async function writeReferences(tx: Tx, userId: number, refs: readonly NewReference[], at: Date): Promise<void> {
  await lockMember(tx, userId);
  await tx.delete(borrowerReferences).where(eq(borrowerReferences.userId, userId));
  if (refs.length > 0) await tx.insert(borrowerReferences).values(refs.map((r, i) => ({ ...r, userId, position: i + 1, createdAt: at, updatedAt: at })));
}

/** The SSN index already belongs to an account: a unique violation on it. */
export const isSsnConflict = (err: unknown): boolean => violatedUniqueConstraint(err)?.includes('ssn_index') ?? false;

/** About-yourself answers, references, leads and the member's application row. */
export function applicationRepository(db: Db) {
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];
  // The session check and the loan screens read both on every call (refinance facts): one prepared
  // statement, the open application and the latest one (the same row when the open one is the latest).
  const userId = sql.placeholder('userId');
  const activeAndLatestStmt = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        or(
          isNull(applications.closedAt),
          eq(applications.id, sql`(select max(${applications.id}) from ${applications} where ${applications.userId} = ${userId})`),
        ),
      ),
    )
    .orderBy(desc(applications.id))
    .prepare('application_active_and_latest');
  const profileUpserts = new Map<string, ProfileUpsert>();

  return {
    findProfile: (userId: number) => one(db.select().from(borrowerProfiles).where(eq(borrowerProfiles.userId, userId)).limit(1)),

    /** Saves the fields of one call together; a concurrent claim of the same SSN answers a conflict. */
    saveFields: async (userId: number, patch: { profile?: ProfilePatch; borrower?: BorrowerPatch }, at: Date): Promise<SaveResult> => {
      try {
        // One table touched is one statement, atomic by itself: no BEGIN/COMMIT round trips around it.
        const tables = [patch.profile, patch.borrower].filter((p) => p && Object.keys(p).length > 0).length;
        const saved =
          tables <= 1
            ? await writeApplicationFields(db, userId, patch, at, profileUpserts)
            : await db.transaction((tx) => writeApplicationFields(tx, userId, patch, at));
        return { ok: true, ...saved };
      } catch (err) {
        if (isSsnConflict(err)) return { ok: false, conflict: 'ssn' };
        throw err;
      }
    },

    /** Whether another member's profile holds one of these SSN indexes (the SSN's index under each key of the ring). */
    ssnIndexTaken: async (indexes: readonly string[], userId: number): Promise<boolean> =>
      (
        await db
          .select({ id: borrowerProfiles.id })
          .from(borrowerProfiles)
          .where(and(inArray(borrowerProfiles.ssnIndex, [...indexes]), ne(borrowerProfiles.userId, userId)))
          .limit(1)
      ).length > 0,

    /** Distinct SSN indexes the member submitted since `since`, other than `except` (one SSN's indexes under each key of the ring). */
    ssnIndexesTriedSince: async (userId: number, since: Date, except: readonly string[]): Promise<number> => {
      const rows = await db
        .selectDistinct({ ssnIndex: ssnChecks.ssnIndex })
        .from(ssnChecks)
        .where(and(eq(ssnChecks.userId, userId), gte(ssnChecks.at, since), notInArray(ssnChecks.ssnIndex, [...except])));
      return rows.length;
    },

    recordSsnCheck: async (userId: number, ssnIndex: string, at: Date): Promise<void> => {
      await db.insert(ssnChecks).values({ userId, ssnIndex, at });
    },

    loanPurposeExists: async (id: number): Promise<boolean> =>
      (await db.select({ id: loanPurposes.id }).from(loanPurposes).where(eq(loanPurposes.id, id)).limit(1)).length > 0,

    listReferences: (userId: number) =>
      db.select().from(borrowerReferences).where(eq(borrowerReferences.userId, userId)).orderBy(asc(borrowerReferences.position)),

    replaceReferences: (userId: number, refs: readonly NewReference[], at: Date) => db.transaction((tx) => writeReferences(tx, userId, refs, at)),

    createLead: async (lead: { fullName: string; email: string; stateId: number; userId: number | null; at: Date }) => {
      const [row] = await db
        .insert(leads)
        .values({ fullName: lead.fullName, email: lead.email, stateId: lead.stateId, userId: lead.userId, createdAt: lead.at })
        .returning();
      return row!;
    },

    // ── The application row ─────────────────────────────────────────────────────────────────────
    activeApplication: (userId: number) =>
      one(
        db
          .select()
          .from(applications)
          .where(and(eq(applications.userId, userId), isNull(applications.closedAt)))
          .limit(1),
      ),

    latestApplication: (userId: number) => one(db.select().from(applications).where(eq(applications.userId, userId)).orderBy(desc(applications.id)).limit(1)),

    /** The member's open application (`active`, as activeApplication) and latest one (`latest`, as latestApplication), in one statement. */
    activeAndLatestApplication: async (userId: number): Promise<{ active: ApplicationRow | undefined; latest: ApplicationRow | undefined }> => {
      const rows = await activeAndLatestStmt.execute({ userId });
      return { active: rows.find((r) => r.closedAt === null), latest: rows[0] };
    },

    /** The member's open application, created on first need; two racing creators end with the same row. */
    ensureActiveApplication: async (userId: number, at: Date): Promise<ApplicationRow> => {
      const [created] = await db.insert(applications).values({ userId, createdAt: at, updatedAt: at }).onConflictDoNothing().returning();
      if (created) return created;
      const [row] = await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, userId), isNull(applications.closedAt)))
        .limit(1);
      return row!;
    },

    updateApplication: async (id: number, patch: ApplicationPatch, at: Date): Promise<ApplicationRow> => {
      const [row] = await db
        .update(applications)
        .set({ ...patch, updatedAt: at })
        .where(eq(applications.id, id))
        .returning();
      return row!;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof applicationRepository>;
