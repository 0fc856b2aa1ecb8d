import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requestOriginColumns } from './columns';
import { memberRowColumns } from './identity';
import { staffUsers } from './staff';

/**
 * Withdrawals of the E-SIGN consent to electronic communications (docs/borrower-care.md): who, when, from
 * where, or which staff member recorded a withdrawal received by phone or mail; the mailing address paper
 * goes to, as it was then. While `restored_at` is null the withdrawal stands: the member is on PAPER
 * delivery (derived, never a second flag). Giving consent again sets `restored_at`; the row stays as
 * evidence. At most one standing withdrawal per member and agreement.
 */
export const consentWithdrawals = pgTable(
  'consent_withdrawals',
  {
    ...memberRowColumns(),
    agreementName: text('agreement_name').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
    recordedByStaffId: integer('recorded_by_staff_id').references(() => staffUsers.id),
    /** Where paper goes, as the profile said at the withdrawal (null when the profile had no address). */
    mailingAddress: text('mailing_address'),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredIp: text('restored_ip'),
  },
  (t) => [
    index('consent_withdrawals_user_idx').on(t.userId, t.id),
    uniqueIndex('consent_withdrawals_one_standing')
      .on(t.userId, t.agreementName)
      .where(sql`${t.restoredAt} is null`),
  ],
);
