import { and, asc, count, eq, getTableColumns, gt, isNotNull, isNull, like, notLike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import {
  applicationMembers,
  bankAccounts,
  borrowerProfiles,
  creditReportingFiles,
  documents,
  dueDateChangeRequests,
  employerUsers,
  esignatures,
  loanPaymentPlans,
  loanStatements,
  walletCards,
} from '../db/schema/index';

/**
 * Every sealed database column (crypto-box `seal`), by the name the rotation prints: the table, the
 * property holding the sealed text, the property of its HMAC index when it has one, and the properties
 * its associated data is built from (beside the id). A new sealed column is added here and in
 * `key-rotation.ts` (its AAD), or `npm run rotate-keys -- --check` never counts it.
 */
const SEALED_COLUMNS = {
  'borrower_profiles.ssn': { table: borrowerProfiles, sealed: 'ssnSealed', index: 'ssnIndex', context: [] },
  'borrower_profiles.driver_license_number': { table: borrowerProfiles, sealed: 'driverLicenseNumberSealed', context: [] },
  'bank_accounts.account_number': { table: bankAccounts, sealed: 'accountNumberSealed', context: [] },
  'bank_accounts.access_token': { table: bankAccounts, sealed: 'accessTokenSealed', context: [] },
  'wallet_cards.token': { table: walletCards, sealed: 'tokenSealed', index: 'tokenIndex', context: [] },
  'employer_users.totp_secret': { table: employerUsers, sealed: 'totpSecret', context: [] },
  'loan_statements.pdf': { table: loanStatements, sealed: 'pdfSealed', context: ['loanId', 'kind', 'periodStart'] },
} as const satisfies Record<string, { table: PgTable; sealed: string; index?: string; context: readonly string[] }>;

export type SealedColumnName = keyof typeof SEALED_COLUMNS;
export const SEALED_COLUMN_NAMES = Object.keys(SEALED_COLUMNS) as SealedColumnName[];

/** One sealed value to re-seal: its row, the sealed text, and the row's other values its AAD is made of. */
export type SealedValueRow = { id: number; sealed: string; context: Record<string, string | number> };

/** What a compare-and-set of one sealed value did. */
export type SwapOutcome = 'swapped' | 'changed' | 'index_conflict';

/**
 * Every kind of sealed stored file (crypto-box `sealBytes`, the storage key as associated data), by the name
 * the rotation prints. The records name the keys: storage has no listing.
 */
export const STORED_FILE_KINDS = ['documents', 'avatars', 'esignatures', 'due_date_changes', 'payment_plans', 'credit_reporting'] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];
export type StoredFileRow = { id: number; storageKey: string };

const AVATAR_URL_PREFIX = '/api/avatars/';

function columnsOf(name: SealedColumnName) {
  const spec = SEALED_COLUMNS[name];
  const cols = getTableColumns(spec.table) as Record<string, PgColumn>;
  const col = (key: string): PgColumn => {
    const c = cols[key];
    if (!c) throw new Error(`key rotation: ${name} has no column ${key}`);
    return c;
  };
  return {
    spec,
    id: col('id'),
    sealed: col(spec.sealed),
    index: 'index' in spec ? col(spec.index) : undefined,
    context: Object.fromEntries(spec.context.map((k) => [k, col(k)])),
  };
}

/**
 * The database half of `npm run rotate-keys` (apps/server/src/cli/rotate-keys.ts): reads sealed values not
 * yet under the current key in id order (so a run resumes where anything is left, and skips what is done)
 * and writes each re-sealed value back only if the row still holds the value that was read.
 */
export function keyRotationRepository(db: Db) {
  /** Not sealed under `kid` in the current format. */
  const notUnder = (c: PgColumn, kid: string) => and(isNotNull(c), notLike(c, `v2:${kid}:%`));
  return {
    /** Up to `limit` values of the column not sealed under `kid`, with an id above `afterId`, in id order. */
    pendingValues: async (name: SealedColumnName, kid: string, afterId: number, limit: number): Promise<SealedValueRow[]> => {
      const c = columnsOf(name);
      const rows = (await db
        .select({ id: c.id, sealed: c.sealed, ...c.context })
        .from(c.spec.table)
        .where(and(notUnder(c.sealed, kid), gt(c.id, afterId)))
        .orderBy(asc(c.id))
        .limit(limit)) as Record<string, unknown>[];
      return rows.map((r) => ({
        id: Number(r.id),
        sealed: String(r.sealed),
        context: Object.fromEntries(c.spec.context.map((k) => [k, r[k] as string | number])),
      }));
    },

    /** How many values of the column are not sealed under `kid` (what is left to rotate). */
    countPending: async (name: SealedColumnName, kid: string): Promise<number> => {
      const c = columnsOf(name);
      const [row] = await db.select({ n: count() }).from(c.spec.table).where(notUnder(c.sealed, kid));
      return Number(row?.n ?? 0);
    },

    /**
     * Writes the re-sealed value (and its new index) when the row still holds `oldSealed`: a value the
     * server changed meanwhile is left as the server wrote it ('changed'). A new index another row
     * already holds is left for the operator ('index_conflict').
     */
    swap: async (name: SealedColumnName, id: number, oldSealed: string, newSealed: string, newIndex?: string): Promise<SwapOutcome> => {
      const c = columnsOf(name);
      const set: Record<string, string> = { [c.spec.sealed]: newSealed };
      if ('index' in c.spec && newIndex !== undefined) set[c.spec.index] = newIndex;
      try {
        const rows = await db
          .update(c.spec.table)
          .set(set)
          .where(and(eq(c.id, id), eq(c.sealed, oldSealed)))
          .returning({ id: c.id });
        return rows.length > 0 ? 'swapped' : 'changed';
      } catch (err) {
        if (violatedUniqueConstraint(err)) return 'index_conflict';
        throw err;
      }
    },

    /** Up to `limit` stored files of a kind with an id above `afterId`, in id order (avatars: the member's id). */
    storedFiles: async (kind: StoredFileKind, afterId: number, limit: number): Promise<StoredFileRow[]> => {
      switch (kind) {
        case 'documents':
          return db
            .select({ id: documents.id, storageKey: documents.storageKey })
            .from(documents)
            .where(and(isNull(documents.deletedAt), gt(documents.id, afterId)))
            .orderBy(asc(documents.id))
            .limit(limit);
        case 'esignatures':
          return db
            .select({ id: esignatures.id, storageKey: esignatures.storageKey })
            .from(esignatures)
            .where(gt(esignatures.id, afterId))
            .orderBy(asc(esignatures.id))
            .limit(limit);
        case 'due_date_changes':
          return db
            .select({ id: dueDateChangeRequests.id, storageKey: dueDateChangeRequests.storageKey })
            .from(dueDateChangeRequests)
            .where(gt(dueDateChangeRequests.id, afterId))
            .orderBy(asc(dueDateChangeRequests.id))
            .limit(limit);
        case 'payment_plans': {
          const rows = await db
            .select({ id: loanPaymentPlans.id, storageKey: loanPaymentPlans.pdfStorageKey })
            .from(loanPaymentPlans)
            .where(and(isNotNull(loanPaymentPlans.pdfStorageKey), gt(loanPaymentPlans.id, afterId)))
            .orderBy(asc(loanPaymentPlans.id))
            .limit(limit);
          return rows.map((r) => ({ id: r.id, storageKey: r.storageKey ?? '' }));
        }
        case 'credit_reporting':
          return db
            .select({ id: creditReportingFiles.id, storageKey: creditReportingFiles.storageKey })
            .from(creditReportingFiles)
            .where(gt(creditReportingFiles.id, afterId))
            .orderBy(asc(creditReportingFiles.id))
            .limit(limit);
        case 'avatars': {
          const rows = await db
            .select({ id: applicationMembers.id, avatar: applicationMembers.avatar })
            .from(applicationMembers)
            .where(and(like(applicationMembers.avatar, `${AVATAR_URL_PREFIX}%`), gt(applicationMembers.id, afterId)))
            .orderBy(asc(applicationMembers.id))
            .limit(limit);
          return rows.map((r) => ({ id: r.id, storageKey: `avatars/${(r.avatar ?? '').slice(AVATAR_URL_PREFIX.length)}` }));
        }
      }
    },

    /**
     * Whether the record still points at the file (a document not deleted, a member's avatar not replaced):
     * the only changes a stored file sees, which the rotation checks around its write.
     */
    stillReferenced: async (kind: StoredFileKind, id: number, storageKey: string): Promise<boolean> => {
      if (kind === 'documents') {
        const rows = await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.storageKey, storageKey), isNull(documents.deletedAt)));
        return rows.length > 0;
      }
      if (kind === 'avatars') {
        const rows = await db
          .select({ id: applicationMembers.id })
          .from(applicationMembers)
          .where(and(eq(applicationMembers.id, id), eq(applicationMembers.avatar, `${AVATAR_URL_PREFIX}${storageKey.slice('avatars/'.length)}`)));
        return rows.length > 0;
      }
      return true; // signed agreements and furnishing files are never replaced or removed
    },
  };
}
export type KeyRotationRepository = ReturnType<typeof keyRotationRepository>;
