import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/lock';
import { grantAppRole } from './db/roles';
import { prepareJobSchema } from './jobs/queues';
import { queueDailyRun } from './modules/loan-book/scheduler';
import { sweepOrphanUploads } from './modules/documents/use-cases/sweep-orphan-uploads';
import { DEMO_BORROWER, DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemo, seedReference } from './db/seed';
import { DEMO_EMPLOYER_ADMIN } from './db/seed-demo-employer-admin';

/** Starts Payrail: lock the data directory, migrate, seed, listen, and shut down cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Only the embedded database lives in DATA_DIR; PostgreSQL handles its own concurrency.
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  if (config.migrationDatabaseUrl && config.databaseUrl) {
    // Least privilege: migrate as the schema owner, grant the app role what it needs, run as the app role.
    const owner = await openDatabase({ databaseUrl: config.migrationDatabaseUrl });
    await owner.migrate();
    // pg-boss's schema and the queues, owned by the owner too (jobs/queues.ts).
    await prepareJobSchema(config, owner);
    await owner.close();
    await grantAppRole(config.migrationDatabaseUrl, config.databaseUrl);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteWorker: config.pgliteWorker });
  if (!config.migrationDatabaseUrl) await database.migrate();
  await seedReference(database.db);
  if (config.seedDemo) await seedDemo(database.db);

  const app = await buildApp({ config, database });
  // Outside production without ENCRYPTION_KEY, this generates the development key on the first start.
  await app.ctx.cryptoBox();
  // Files an interrupted upload left behind (a crash between storing the bytes and writing the row).
  const sweep = () =>
    sweepOrphanUploads(app.ctx).catch((err: unknown) =>
      app.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'orphan upload sweep failed'),
    );
  await sweep();
  const sweeper = setInterval(() => void sweep(), 3_600_000);
  sweeper.unref();
  await app.listen({ host: config.host, port: config.port });
  // The background queues (jobs/queues.ts): the daily run, statements, Metro 2 and the rest, on their cron
  // schedules, worked by this instance (pg-boss on PostgreSQL, in-process on PGlite; docs/servicing-operations.md).
  await app.ctx.jobs.start();
  // Catch up at start (a restart may have missed a slot): the day's run, once however many instances start.
  await queueDailyRun(app.ctx).catch((err: unknown) => app.log.error({ err: { message: (err as Error).message } }, 'could not queue the daily run'));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;

  const lines = [
    '',
    `  Payrail is running on ${database.kind === 'pglite' ? `the embedded database (${config.dataDir})` : 'PostgreSQL'}`,
    `  Borrower app   ${base}/`,
    `  Back office    ${base}/backoffice/`,
    `  Employer app   ${base}/employer/`,
    `  API health     ${base}/api/health`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo staff     ${DEMO_STAFF.map((s) => s.email).join(', ')} — password ${DEMO_STAFF_PASSWORD}`);
    lines.push(`  Demo borrower  ${DEMO_BORROWER.email} — password ${DEMO_BORROWER.password}`);
    if (config.env === 'development')
      lines.push(
        `  Demo employer  ${DEMO_EMPLOYER_ADMIN.email} — password ${DEMO_EMPLOYER_ADMIN.password}, authenticator key ${DEMO_EMPLOYER_ADMIN.totpSecret} (README)`,
      );
  }
  if (config.env !== 'production') lines.push(`  Sandbox outbox ${base}/api/dev/outbox?to=<email or phone>`);
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.ctx.jobs.stop(8_000);
      await app.close();
      await database.close();
      await unlock?.();
      // The log stream writes asynchronously: let it drain before exiting.
      const log = app.log as typeof app.log & { flush?: (cb: () => void) => void };
      await new Promise<void>((resolve) => (log.flush ? log.flush(() => resolve()) : resolve()));
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n  ${err.message.replace(/\n/g, '\n  ')}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
