import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { applicationMembers } from './schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises a member's "save my list" writes (replace a set, or insert a row unless one is there): locks
 * the member's row (SELECT ... FOR UPDATE) until the caller's transaction ends, so identical requests
 * sent together (a double click) run one after the other and each sees what the previous one stored,
 * instead of both deleting, both inserting and one failing on a unique key. Call it first in the
 * transaction, before reading what is to be replaced. A row lock counts as a read (db/client.ts).
 */
export async function lockMember(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.id, userId)).for('update');
}
