import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdUpdatedAtDefaultNow } from './columns';
import { applicationMembers, memberRowColumns } from './identity';
import { BENEFIT_LEVELS } from '@payrail/domain/referral/rewards';
import { NOTIFICATION_STATUSES } from '@payrail/contract/identity';

/** Messages in the shell's notification menu. */
export const notifications = pgTable(
  'notifications',
  {
    ...memberRowColumns(),
    message: text('message').notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('unread'),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** Marketing banners of the sidebar carousel; the SVG is served from /api/banners/{slug}.svg. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  isMobile: boolean('is_mobile').notNull(),
  svg: text('svg').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The borrower's benefit medal (referral level); `read_at` is when the borrower last saw a change. */
export const userBenefits = pgTable('user_benefits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => applicationMembers.id),
  level: text('level', { enum: BENEFIT_LEVELS }).notNull().default('zero'),
  readAt: timestamp('read_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Anonymous page visits (POST /visitor); the member when a valid token came with it. */
export const visitors = pgTable(
  'visitors',
  {
    id: serial('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    page: text('page').notNull(),
    queryString: text('query_string').notNull().default(''),
    userId: integer('user_id').references(() => applicationMembers.id),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visitors_fingerprint_idx').on(t.fingerprint)],
);

/** Messages written in the shell's chat (the chat adapter delivers them to support). */
export const supportMessages = pgTable('support_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => applicationMembers.id),
  email: text('email').notNull(),
  name: text('name'),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
