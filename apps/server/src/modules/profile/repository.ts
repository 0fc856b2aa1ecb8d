import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSensitiveViews } from '../../db/schema/index';

export type SensitiveViewRow = typeof memberSensitiveViews.$inferSelect;

/** Personal information's own table: the borrower's logged views of a sensitive field. */
export function profileRepository(db: Db) {
  return {
    recordSensitiveView: async (v: {
      userId: number;
      field: 'social_security_number';
      ip: string | null;
      userAgent: string | null;
      at: Date;
    }): Promise<void> => {
      await db.insert(memberSensitiveViews).values(v);
    },
    /** The member's views, newest first. */
    sensitiveViews: (userId: number): Promise<SensitiveViewRow[]> =>
      db.select().from(memberSensitiveViews).where(eq(memberSensitiveViews.userId, userId)).orderBy(desc(memberSensitiveViews.id)),
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
