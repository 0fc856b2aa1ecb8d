import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffSessions, staffUsers } from '../../db/schema/index';

export type StaffUserRow = typeof staffUsers.$inferSelect;
/** A staff member's columns but the password hash: what a signed-in staff request carries. */
const { passwordHash: _passwordHash, ...staffColumns } = getTableColumns(staffUsers);

export function staffRepository(db: Db) {
  return {
    findByEmail: async (email: string): Promise<StaffUserRow | undefined> => {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
      return row;
    },

    createSession: async (s: {
      tokenHash: string;
      staffUserId: number;
      createdAt: Date;
      lastSeenAt: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }) => {
      await db.insert(staffSessions).values(s);
    },

    /** The live session for a token hash with its staff member (no password hash), or undefined. */
    findLiveSession: async (tokenHash: string, now: Date) => {
      const [row] = await db
        .select({ session: staffSessions, user: staffColumns })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now), isNull(staffUsers.disabledAt)))
        .limit(1);
      return row;
    },

    touchSession: async (id: number, now: Date) => {
      await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
    },

    revokeSession: async (tokenHash: string, now: Date) => {
      await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
