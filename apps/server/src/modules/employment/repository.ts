import type { IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employerRequests, employers } from '../../db/schema/index';

export type EmployerRequestRow = typeof employerRequests.$inferSelect;

export type NewEmployerRequest = {
  userId: number;
  name: string;
  paymentFrequency: 'weekly' | 'biweekly' | 'monthly';
  lastPaycheckDate: IsoDate;
  /** Server-made, unique. */
  slug: string;
  at: Date;
};

/** Employers typed in as "not listed" and their review. */
export function employmentRepository(db: Db) {
  return {
    /**
     * Creates the hidden employer row (out of the search, like the seeded "Other employer") and its
     * pending review request together; the pay-stub help and logo are the "Other employer" ones.
     */
    createEmployerRequest: (r: NewEmployerRequest): Promise<number> =>
      db.transaction(async (tx) => {
        const [template] = await tx.select().from(employers).where(eq(employers.isOther, true)).limit(1);
        const [employer] = await tx
          .insert(employers)
          .values({
            slug: r.slug,
            name: r.name,
            employerType: 'private',
            partnership: null,
            paymentType: 'split_direct_deposit',
            payFrequency: r.paymentFrequency,
            payStubHelp: template?.payStubHelp ?? 'Upload your most recent pay stub.',
            logoSvg: template?.logoSvg ?? '',
            isOther: true,
            createdAt: r.at,
          })
          .returning({ id: employers.id });
        await tx.insert(employerRequests).values({
          userId: r.userId,
          employerId: employer!.id,
          name: r.name,
          paymentFrequency: r.paymentFrequency,
          lastPaycheckDate: r.lastPaycheckDate,
          createdAt: r.at,
        });
        return employer!.id;
      }),

    /** The employer with this slug (listed or hidden), if any. */
    employerBySlug: async (slug: string): Promise<typeof employers.$inferSelect | undefined> => {
      const [row] = await db.select().from(employers).where(eq(employers.slug, slug)).limit(1);
      return row;
    },

    findRequestByEmployer: async (employerId: number): Promise<EmployerRequestRow | undefined> => {
      const [row] = await db.select().from(employerRequests).where(eq(employerRequests.employerId, employerId)).limit(1);
      return row;
    },

    /** A request the member made (a hidden employer belongs to whoever typed it in). */
    findOwnRequest: async (userId: number, employerId: number): Promise<EmployerRequestRow | undefined> => {
      const [row] = await db
        .select()
        .from(employerRequests)
        .where(and(eq(employerRequests.userId, userId), eq(employerRequests.employerId, employerId)))
        .limit(1);
      return row;
    },
  };
}
export type EmploymentRepository = ReturnType<typeof employmentRepository>;
