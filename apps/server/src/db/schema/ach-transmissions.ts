import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const ACH_TRANSMISSION_STATUSES = ['pending', 'transmitting', 'transmitted'] as const;

/**
 * One row per sealed NACHA spool file (`<trace id>.ach.sealed`, unique): its transmission to the bank
 * (issue #30; docs/operations.md, "NACHA transmission"). `transmitting` is written (committed) before the
 * upload and `transmitted` after the bank-side rename, so a crash in between is seen and resolved by
 * asking the bank side whether the file is there (`found_at_bank`) instead of sending it again.
 */
export const achFileTransmissions = pgTable('ach_file_transmissions', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  /** `sandbox` (the local bank inbox) or `sftp`. */
  transmitter: text('transmitter').notNull(),
  status: text('status', { enum: ACH_TRANSMISSION_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** The name the bank got (`<trace id>.ach`). */
  remoteName: text('remote_name'),
  /** SHA-256 (hex) of the clear NACHA text transmitted, and its size. */
  sha256: text('sha256'),
  bytes: integer('bytes'),
  /** Marked transmitted because the file was found complete at the bank (an earlier attempt's upload). */
  foundAtBank: boolean('found_at_bank').notNull().default(false),
  lastError: text('last_error'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
