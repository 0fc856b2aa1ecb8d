import type { TStorageCheckResponse } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import type { StoredFileRecord } from '../repository';

/** Storage lookups in flight at once (local disk: file stats; S3: HEAD requests). */
const CONCURRENCY = 8;

/**
 * GET /api/backoffice/storage_check: every record that keeps bytes in file storage (live uploads, signed
 * notes, signed due-date change agreements) checked with `storage.has`, without reading the bytes. Answers
 * the ones whose bytes are missing, newest first: those are the files borrowers and staff are told are
 * unavailable. Read-only (the route logs a warning when anything is missing).
 */
export async function checkStorage(ctx: AppContext): Promise<TStorageCheckResponse> {
  const records = await ctx.repos.documents.storedFiles();
  const missing: StoredFileRecord[] = [];
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const record = records[next++]!;
      if (!(await ctx.providers.storage.has(record.storageKey))) missing.push(record);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, records.length) }, worker));
  missing.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.source.localeCompare(b.source) || b.id - a.id);
  return {
    checked: records.length,
    checked_at: ctx.now().toISOString(),
    missing: missing.map((r) => ({
      source: r.source,
      id: r.id,
      user_id: r.userId,
      member_name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      member_email: r.email,
      kind: r.kind,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
