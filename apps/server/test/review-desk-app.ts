import { afterAll, beforeAll } from 'vitest';
import { classicApp, staffToken, tempDataDir } from './application-helpers';
import type { TestApp } from './test-app';

export type ReviewDesk = { app: TestApp; underwriter: string; servicer: string };

/**
 * The review desk's test app, opened before the file's tests and closed after them: human review on, its files in a
 * temporary folder, and the underwriter's and the servicer's sessions. Its fields are set once the tests run.
 */
export function reviewDeskApp(): ReviewDesk {
  const files = tempDataDir();
  const desk = {} as ReviewDesk;
  beforeAll(async () => {
    desk.app = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: true } });
    [desk.underwriter, desk.servicer] = await Promise.all([staffToken(desk.app, 'underwriter@payrail.test'), staffToken(desk.app, 'servicer@payrail.test')]);
  });
  afterAll(async () => {
    await desk.app.close();
    files.remove();
  });
  return desk;
}
