/**
 * npm run bench:servicing — the daily servicing run over 100,000 generated loans on PostgreSQL.
 *
 * Uses TEST_DATABASE_URL or DATABASE_URL only to reach the server: it (re)creates its OWN database
 * `<name>_bench_servicing` next to it, migrates it, bulk-inserts the loans (INSERT … SELECT
 * generate_series), and runs the daily run for ONE business date on which every loan has an auto-debit
 * to create and send (the heaviest day). Prints loans per second and total seconds, then a floor: bare
 * `pg` doing the same set-based reads and writes (same batches, same concurrency, no domain, no ORM) at
 * the same moment on the same machine, the ratio, the load average, and whether the 60 s budget for
 * 100,000 loans is met. BENCH_LOANS overrides the count (default 100,000). No assertion: a measurement.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { loadConfig } from '../src/config';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { seedReference } from '../src/db/seed';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';

const LOANS = Number(process.env.BENCH_LOANS ?? 100_000);
const BUDGET_SECONDS = 60;
const DISBURSED = '2027-01-04';
const DAY = '2027-02-04'; // first due date of every loan: every loan gets its debit created and sent
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base) {
  console.error('bench:servicing needs PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL (the bench creates its own database next to it).');
  process.exit(2);
}
const serverUrl = new URL(base);
const benchName = `${serverUrl.pathname.replace(/^\//, '') || 'payrail'}_bench_servicing`.replace(/[^a-z0-9_]/gi, '_');
const benchUrl = new URL(serverUrl.toString());
benchUrl.pathname = `/${benchName}`;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const t0 = performance.now();
const secs = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
await admin(`drop database if exists ${benchName} with (force)`);
await admin(`create database ${benchName}`);
const key = randomBytes(32).toString('base64');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVE_SPA: 'false',
  DATA_DIR: '/tmp',
  DATABASE_URL: benchUrl.toString(),
  ENCRYPTION_KEY: key,
});
const database = await openDatabase({ databaseUrl: benchUrl.toString() });
await database.migrate();
await seedReference(database.db);
const ctx = createContext(config, database, { now: () => new Date(`${DAY}T12:00:00Z`) });
const sealed = (await ctx.cryptoBox()).seal('5500006789', 'bank_accounts.account_number');

const schedule = buildSchedule({
  amountCents: cents(100_000),
  originationFeeCents: cents(0),
  feeFinanced: false,
  annualRatePercent: '12',
  frequency: 'monthly',
  numberOfPayments: 3,
  disbursementDate: parseIsoDate(DISBURSED),
  firstPaymentDate: parseIsoDate('2027-02-04'),
});

console.log(`bench:servicing — generating ${LOANS.toLocaleString('en-US')} loans in ${benchName} …`);
const gen = performance.now();
const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 4 });
const q = (sql: string, params: unknown[] = []) => pool.query(sql, params);
await q(`insert into application_members (id, email, workflow_status) select i, 'bench' || i || '@payrail.test', 'approved' from generate_series(1, $1) i`, [
  LOANS,
]);
await q(`insert into applications (id, user_id, payment_method, outcome) select i, i, 'auto_debit', 'approved' from generate_series(1, $1) i`, [LOANS]);
await q(
  `insert into loans (id, user_id, application_id, identifier, status, amount_cents, fee_cents, interest_rate, apr_percent, frequency, terms, disbursement_date, first_payment_date,
     note_principal_cents, fee_financed, finance_charge_cents, total_of_payments_cents, created_at)
   select i, i, i, lpad((i / 1000000)::text, 4, '0') || '-' || lpad(((i / 10000) % 100)::text, 2, '0') || '-' || lpad((i % 10000)::text, 4, '0'), 'opened', 100000, 0, '12', '12.0000', 'monthly', 3,
     $2::date, '2027-02-04'::date, $3, false, $4, $5, now()
   from generate_series(1, $1) i`,
  [LOANS, DISBURSED, schedule.notePrincipalCents, schedule.totalInterestCents, schedule.totalOfPaymentsCents],
);
for (const r of schedule.rows) {
  await q(
    `insert into loan_installments (loan_id, n, due_date, payment_cents, interest_cents, principal_cents, balance_cents) select i, $2, $3::date, $4, $5, $6, $7 from generate_series(1, $1) i`,
    [LOANS, r.n, r.dueDate, r.paymentCents, r.interestCents, r.principalCents, r.balanceCents],
  );
}
await q(
  `insert into ledger_entries (loan_id, kind, effective_date, amount_cents, idempotency_key, created_at) select i, 'disbursement', $2::date, 100000, 'disbursement:bench:' || i, now() from generate_series(1, $1) i`,
  [LOANS, DISBURSED],
);
await q(
  `insert into bank_accounts (id, user_id, usage, source, account_type, routing_number, account_number_sealed, account_number_last4, bank_name, verified_at, created_at, updated_at)
   select i, i, 'auto_debit', 'manual', 'checking', '034821624', $2, '6789', 'Harbor Point Bank', now(), now(), now() from generate_series(1, $1) i`,
  [LOANS, sealed],
);
await q(
  `insert into auto_debit_authorizations (loan_id, user_id, bank_account_id, amount_cents, disclosure_accepted_at, created_at) select i, i, i, $2, now(), now() from generate_series(1, $1) i`,
  [LOANS, schedule.regularPaymentCents],
);
for (const t of ['application_members', 'applications', 'loans', 'bank_accounts'])
  await q(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
await q('analyze');
console.log(`  generated in ${secs(gen)} s`);

// The run: one business date, the loans claimed in batches and serviced set-based (withClaimBatch).
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`  load average before the run: ${load()} (${os.cpus().length} cores)`);
const runStart = performance.now();
const report = await runDailyServicing(ctx, { from: parseIsoDate(DAY), through: parseIsoDate(DAY) });
const runSeconds = (performance.now() - runStart) / 1000;
const [sent] = (await q(`select count(*)::int as n from loan_transactions where status = 'pending'`)).rows as [{ n: number }];
const { workers, batchSize } = config.collections;
console.log(
  `  daily run for ${DAY}: ${report.loansProcessed.toLocaleString('en-US')} loans (${sent.n.toLocaleString('en-US')} debits sent and posted) in ${runSeconds.toFixed(1)} s`,
);
console.log(`  → ${Math.round(report.loansProcessed / runSeconds).toLocaleString('en-US')} loans/s (${workers} workers × batches of ${batchSize})`);

// The floor: bare pg doing the same set-based work with no domain, no ORM, no ACH port: claim a batch
// (FOR UPDATE SKIP LOCKED), lock its loans, read their transactions / ledger / authorizations / accounts /
// borrowers, insert one debit (for installment 2: the run took 1) and one ledger entry per loan (unnest),
// mark the claims — same batch size,
// same concurrency, same number of loans, on the same machine at the same moment.
await q(`insert into servicing_runs (job, loan_id, business_date, status, attempts) select 'floor', id, $1::date, 'pending', 0 from loans`, [DAY]);
const floorStart = performance.now();
let floorDone = 0;
const worker = async () => {
  const c = await pool.connect();
  try {
    for (;;) {
      await c.query('begin');
      const claims = await c.query(
        `select id, loan_id from servicing_runs where job = 'floor' and business_date = $1 and status = 'pending' order by id limit $2 for update skip locked`,
        [DAY, batchSize],
      );
      if (claims.rowCount === 0) {
        await c.query('commit');
        return;
      }
      const rows = claims.rows as { id: number; loan_id: number }[];
      const ids = rows.map((r) => r.loan_id);
      const loans = (await c.query('select * from loans where id = any($1::int[]) order by id for no key update', [ids])).rows as {
        id: number;
        user_id: number;
      }[];
      await c.query('select * from loan_transactions where loan_id = any($1::int[]) order by id', [ids]);
      await c.query('select * from ledger_entries where loan_id = any($1::int[]) order by effective_date, id', [ids]);
      const auths = (await c.query('select * from auto_debit_authorizations where loan_id = any($1::int[]) and revoked_at is null', [ids])).rows as {
        id: number;
        bank_account_id: number;
      }[];
      await c.query('select * from bank_accounts where id = any($1::int[])', [auths.map((a) => a.bank_account_id)]);
      await c.query(
        'select m.id, m.email, b.first_name, b.last_name from application_members m left join loan_borrowers b on b.user_id = m.id where m.id = any($1::int[])',
        [loans.map((l) => l.user_id)],
      );
      const txIds = (
        await c.query('select nextval(pg_get_serial_sequence($1, $2))::int as id from generate_series(1, $3::int)', ['loan_transactions', 'id', loans.length])
      ).rows.map((r: { id: number }) => r.id);
      await c.query(
        `insert into loan_transactions (id, loan_id, user_id, mode, method, status, amount_cents, scheduled_date, bank_account_id, auto_debit_authorization_id, installment_n, ach_trace_id, sent_at, created_at, updated_at)
         select t.id, t.loan_id, t.loan_id, 'auto_debit', 'ach', 'pending', 34002, $3::date, a.bank_account_id, a.id, 2, 'FLOOR-' || t.id, now(), now(), now()
         from unnest($1::int[], $2::int[]) as t(id, loan_id) join auto_debit_authorizations a on a.loan_id = t.loan_id and a.revoked_at is null`,
        [txIds, loans.map((l) => l.id), DAY],
      );
      await c.query(
        `insert into ledger_entries (loan_id, kind, effective_date, amount_cents, transaction_id, idempotency_key, created_at)
         select t.loan_id, 'scheduled_debit', $3::date, 34002, t.id, 'floor:' || t.id, now() from unnest($1::int[], $2::int[]) as t(id, loan_id)`,
        [txIds, loans.map((l) => l.id), DAY],
      );
      await c.query(`update servicing_runs set status = 'done', attempts = attempts + 1, finished_at = now() where id = any($1::int[])`, [
        rows.map((r) => r.id),
      ]);
      await c.query('commit');
      floorDone += rows.length;
    }
  } finally {
    c.release();
  }
};
await Promise.all(Array.from({ length: workers }, worker));
const floorSeconds = (performance.now() - floorStart) / 1000;
const runRate = report.loansProcessed / runSeconds;
const floorRate = floorDone / floorSeconds;
console.log(
  `  floor (bare pg, the same set-based reads and writes, no domain/ORM): ${floorDone.toLocaleString('en-US')} loans in ${floorSeconds.toFixed(1)} s → ${Math.round(floorRate).toLocaleString('en-US')} loans/s`,
);
console.log(`  ratio run / floor (time): ${(runSeconds / floorSeconds).toFixed(2)}×   load average after: ${load()}`);
const projected = (100_000 / runRate).toFixed(1);
console.log(
  `  budget ≤ ${BUDGET_SECONDS} s for 100,000 loans: ${runSeconds <= BUDGET_SECONDS * (LOANS / 100_000) ? 'MET' : 'NOT MET'} — ${LOANS === 100_000 ? `measured ${runSeconds.toFixed(1)} s` : `projected ${projected} s at this rate (BENCH_LOANS=${LOANS})`}`,
);
console.log(`  (total bench ${secs(t0)} s)`);
await pool.end();
await database.close();
await admin(`drop database if exists ${benchName} with (force)`);
