import { DOCUMENT_TYPE_NAMES } from '@payrail/contract/documents';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRowColumns } from './identity';

/**
 * Files a borrower uploaded. The bytes live in file storage under `storage_key` (random, server-made),
 * sealed with the install's encryption key; this row says whose they are and what they are. A deleted
 * document keeps its row (`deleted_at`) and loses its bytes.
 */
export const documents = pgTable(
  'documents',
  {
    ...memberRowColumns(),
    documentTypeName: text('document_type_name', { enum: DOCUMENT_TYPE_NAMES }).notNull(),
    /** The uploaded name, cleaned: no path, no control characters, the extension of the real type. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** Found from the content (magic bytes), never taken from the client. */
    contentType: text('content_type').notNull(),
    /** Size of the plaintext. */
    byteSize: integer('byte_size').notNull(),
    /** SHA-256 (hex) of the plaintext: integrity on the way back, duplicate spotting for reviewers. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_user_type_idx').on(t.userId, t.documentTypeName),
    check('documents_byte_size_positive', sql`${t.byteSize} > 0`),
    check('documents_content_type_known', sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);

/**
 * Files being stored right now: a row is written before the bytes go to storage and removed once the
 * row that references them is committed. A row left behind (the process died in between, or the
 * clean-up failed) names a possible orphan; the sweeper removes its file unless something references it.
 */
export const pendingUploads = pgTable('pending_uploads', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
