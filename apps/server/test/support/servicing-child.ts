/**
 * The daily servicing run as its own process, for the kill -9 test (test/collections-kill.int.test.ts):
 * `tsx servicing-child.ts <dataDir|postgres-url> <from> <through>`. Prints `done <date> <loanId>` after
 * each loan's transaction commits and `finished` at the end. ENCRYPTION_KEY and SERVICING_BATCH_SIZE come
 * from the environment.
 */
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { openDatabase } from '../../src/db/client';
import { parseIsoDate } from '@payrail/domain/dates';
import { runDailyServicing } from '../../src/modules/loan-book/use-cases/daily-run';

const [target, from, through] = process.argv.slice(2) as [string, string, string];
const isUrl = target.startsWith('postgres');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVE_SPA: 'false',
  DATA_DIR: isUrl ? '/tmp' : target,
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? '',
  SERVICING_BATCH_SIZE: process.env.SERVICING_BATCH_SIZE,
});
const database = await openDatabase(isUrl ? { databaseUrl: target } : { dataDir: target });
const ctx = createContext(config, database, { now: () => new Date(`${through}T12:00:00Z`) });
await runDailyServicing(ctx, {
  from: parseIsoDate(from),
  through: parseIsoDate(through),
  onLoanDone: (loanId, date) => process.stdout.write(`done ${date} ${String(loanId)}\n`),
});
process.stdout.write('finished\n');
await database.close();
