import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, notifications, supportMessages, userBenefits, visitors } from '../../db/schema/index';
import { latestRepayMethodColumn, type RewardRow, rewardsColumn, rewardsFrom } from '../../db/member-columns';
import { referCodeColumn } from '../identity/member-columns.repository';

export type NotificationRow = typeof notifications.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type BenefitRow = typeof userBenefits.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A borrower notification to store: who, the text, when (created and last toggled). */
export type NewNotice = { userId: number; message: string; at: Date };

/**
 * THE way a notification is written (every event uses it): inside the caller's transaction when the event
 * is a database write (a workflow move, a funding, a payment), so the notice exists exactly when the
 * event does. Non-transactional callers use the `notifyBorrower` use case.
 */
export async function insertNotification(tx: Db | Tx, n: NewNotice): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values({ userId: n.userId, message: n.message, createdAt: n.at, updatedAt: n.at }).returning();
  return row!;
}

export function engagementRepository(db: Db) {
  // The hot reads of a signed-in page (GET /notifications, GET /benefits) are the same statement for every
  // member: prepared once (named; parsed and planned once per connection on PostgreSQL), like the loan book's.
  const member = sql`${sql.placeholder('userId')}::int`;
  const listNotificationsStmt = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, member))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .prepare('engagement_list_notifications');
  const benefitsFactsStmt = db
    .select({
      rewards: rewardsColumn(member),
      level: sql<BenefitRow['level'] | null>`(select ${userBenefits.level} from ${userBenefits} where ${userBenefits.userId} = ${member} limit 1)`,
    })
    .from(sql`(select 1) as "member_benefits"`)
    .prepare('engagement_benefits_facts');
  return {
    /** The member's notifications, newest first. */
    listNotifications: (userId: number): Promise<NotificationRow[]> => listNotificationsStmt.execute({ userId }),

    /** Sets read/unread on the member's own notification; undefined when it is not theirs (or does not exist). */
    setNotificationStatus: async (userId: number, id: number, status: 'read' | 'unread', at: Date): Promise<NotificationRow | undefined> => {
      const [row] = await db
        .update(notifications)
        .set({ status, updatedAt: at })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    addNotification: (userId: number, message: string, at: Date): Promise<NotificationRow> => insertNotification(db, { userId, message, at }),

    listActiveBanners: () => db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.position), asc(banners.id)),
    /**
     * What GET /banners reads besides the refinance facts, as columns of the loan book's one statement
     * (`memberLoanFacts`): the active banners (slug, isMobile, title, body; in `listActiveBanners` order),
     * the member's refer code (built by identity) and latest repay method (db/member-columns), over the
     * member id the loan book gives (its prepared statement's parameter: the statement is prepared once).
     */
    bannerAudienceColumns: {
      name: 'engagement_banners',
      columns: (userId: SQL) => ({
        banners: sql`(select coalesce(json_agg(json_build_object('slug', ${banners.slug}, 'isMobile', ${banners.isMobile}, 'title', ${banners.title}, 'body', ${banners.body}) order by ${banners.position} asc, ${banners.id} asc), '[]'::json) from ${banners} where ${banners.active} = true)`,
        referCode: referCodeColumn(userId),
        repayMethod: latestRepayMethodColumn(userId),
      }),
    },

    /** What GET /benefits reads, in ONE statement: the member's referral rewards and the level they last acknowledged. */
    benefitsFacts: async (userId: number): Promise<{ rewards: RewardRow[]; acknowledged: BenefitRow['level'] | undefined }> => {
      const [row] = await benefitsFactsStmt.execute({ userId });
      return { rewards: rewardsFrom(row!.rewards), acknowledged: row!.level ?? undefined };
    },

    findBanner: async (slug: string): Promise<BannerRow | undefined> => {
      const [row] = await db
        .select()
        .from(banners)
        .where(and(eq(banners.slug, slug), eq(banners.active, true)))
        .limit(1);
      return row;
    },

    findBenefits: async (userId: number): Promise<BenefitRow | undefined> => {
      const [row] = await db.select().from(userBenefits).where(eq(userBenefits.userId, userId)).limit(1);
      return row;
    },

    /** Records `level` as the level the member last acknowledged. */
    markBenefitsRead: async (userId: number, level: BenefitRow['level'], at: Date): Promise<BenefitRow> => {
      const [row] = await db
        .insert(userBenefits)
        .values({ userId, level, readAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: userBenefits.userId, set: { level, readAt: at, updatedAt: at } })
        .returning();
      return row!;
    },

    recordVisit: async (v: { fingerprint: string; page: string; queryString: string; userId: number | null; ip: string | null; at: Date }) => {
      await db.insert(visitors).values(v);
    },

    recordSupportMessage: async (m: { userId: number | null; email: string; name: string | null; message: string; at: Date }) => {
      const [row] = await db
        .insert(supportMessages)
        .values({ userId: m.userId, email: m.email, name: m.name, message: m.message, createdAt: m.at })
        .returning();
      return row!;
    },
  };
}
export type EngagementRepository = ReturnType<typeof engagementRepository>;
