import { AUDIT_SNAPSHOTS } from '@payrail/contract/audit';
import { expect } from 'vitest';
import { staffActions } from '../src/db/schema/index';
import type { TestApp } from './test-app';

/**
 * Every staff action stored so far whose action the contract describes has before/after snapshots that
 * parse against the contract's schemas (so the money keys the back office formats are the ones the
 * server writes). Answers the actions it checked.
 */
export async function expectSnapshotsMatchContract(app: TestApp): Promise<Set<string>> {
  const rows = await app.ctx.database.db.select().from(staffActions);
  const checked = new Set<string>();
  for (const row of rows) {
    if (!Object.hasOwn(AUDIT_SNAPSHOTS, row.action)) continue;
    const schemas = AUDIT_SNAPSHOTS[row.action as keyof typeof AUDIT_SNAPSHOTS];
    for (const side of ['before', 'after'] as const) {
      const parsed = schemas[side].safeParse(row[side]);
      expect(parsed.success, `${row.action} ${side} ${JSON.stringify(row[side])}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
    checked.add(row.action);
  }
  return checked;
}
