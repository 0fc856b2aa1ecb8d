import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './test-app';

/** Issue #14 §9: the audit trail is append-only, TRUNCATE included, on both databases. */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('staff_actions is append-only', () => {
  for (const statement of [
    'TRUNCATE staff_actions',
    'TRUNCATE staff_actions CASCADE',
    'DELETE FROM staff_actions',
    'UPDATE staff_actions SET action = action',
  ]) {
    it(`refuses ${statement}`, async () => {
      await expect(app.ctx.database.db.execute(sql.raw(statement))).rejects.toThrow();
    });
  }
});
