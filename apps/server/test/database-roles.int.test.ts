/**
 * Least privilege on PostgreSQL (issue #30, docs/deployment.md "Database roles"): migrations run as the schema
 * owner; the server runs as an app role that can insert into the audit trail but cannot update, delete or
 * truncate it, alter the table, drop or disable its triggers, or switch triggers off for its session — each
 * attempt refused. The server itself (a sign-up that writes rows, the readiness check) works as the app role.
 * PostgreSQL only: the embedded database has no roles.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { grantAppRole } from '../src/db/roles';
import { prepareJobSchema } from '../src/jobs/queues';
import { DAILY_RUN_QUEUE } from '../src/modules/loan-book/scheduler';
import { seedReference } from '../src/db/seed';
import { call } from './identity-helpers';
import { testConfig } from './test-app';

const baseUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const suffix = randomBytes(4).toString('hex');
const dbName = `payrail_roles_${suffix}`;
const owner = `payrail_owner_${suffix}`;
const appRole = `payrail_app_${suffix}`;
const urlFor = (user: string | null, database: string) => {
  const u = new URL(baseUrl!);
  if (user) {
    u.username = user;
    u.password = 'role-test-password';
  }
  u.pathname = `/${database}`;
  return u.toString();
};

async function asSuperuser(sql: string, database = new URL(baseUrl ?? 'postgres://x/test').pathname.slice(1)) {
  const client = new pg.Client({ connectionString: urlFor(null, database) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('database roles on PostgreSQL', () => {
  let app: pg.Client;
  beforeAll(async () => {
    await asSuperuser(`create role "${owner}" login password 'role-test-password'`);
    await asSuperuser(`create role "${appRole}" login password 'role-test-password'`);
    await asSuperuser(`create database "${dbName}" owner "${owner}"`);
    await asSuperuser(`revoke all on schema public from public; alter schema public owner to "${owner}"`, dbName);
    const ownerDb = await openDatabase({ databaseUrl: urlFor(owner, dbName) });
    await ownerDb.migrate();
    await prepareJobSchema(testConfig({ databaseUrl: urlFor(owner, dbName) }), ownerDb);
    await ownerDb.close();
    await grantAppRole(urlFor(owner, dbName), urlFor(appRole, dbName));
    app = new pg.Client({ connectionString: urlFor(appRole, dbName) });
    await app.connect();
  }, 120_000);
  afterAll(async () => {
    await app?.end();
    await asSuperuser(`drop database if exists "${dbName}" with (force)`);
    await asSuperuser(`drop role if exists "${appRole}"`);
    await asSuperuser(`drop role if exists "${owner}"`);
  });

  const refused = async (sql: string) => {
    const err = await app.query(sql).then(
      () => null,
      (e: unknown) => e as { code?: string; message: string },
    );
    return err;
  };

  it('the app role inserts into the audit trail and reads it', async () => {
    const staff = await app.query<{ id: number }>(
      "insert into staff_users (email, name, role, password_hash) values ($1, 'Role Test', 'admin', 'x') returning id",
      [`roles-${suffix}@payrail.test`],
    );
    const row = await app.query<{ id: number }>(
      "insert into staff_actions (staff_user_id, action, target_user_id, before, after, at) values ($1, 'role_test', null, '{}', '{}', now()) returning id",
      [staff.rows[0]!.id],
    );
    expect(row.rows[0]!.id).toBeGreaterThan(0);
    expect((await app.query('select count(*)::int as n from staff_actions')).rows[0]).toEqual({ n: 1 });
  });

  it.each([
    ['update', "update staff_actions set action = 'rewritten'", '42501'],
    ['delete', 'delete from staff_actions', '42501'],
    ['truncate', 'truncate staff_actions', '42501'],
    ['alter the table', 'alter table staff_actions add column note text', '42501'],
    ['disable its triggers', 'alter table staff_actions disable trigger user', '42501'],
    ['drop a trigger', 'drop trigger staff_actions_no_update_or_delete on staff_actions', '42501'],
    ['switch triggers off for the session', 'set session_replication_role = replica', '42501'],
    ['drop the table', 'drop table staff_actions', '42501'],
    ['create a table', 'create table sneaky (id int)', '42501'],
    ['create a table in the job schema', 'create table pgboss.sneaky (id int)', '42501'],
    ['alter the job table', 'alter table pgboss.job add column note text', '42501'],
  ])('refuses to %s (permission denied)', async (_what, sql, code) => {
    const err = await refused(sql);
    expect(err, sql).not.toBeNull();
    expect(err!.code, err!.message).toBe(code);
    expect((await app.query('select count(*)::int as n from staff_actions')).rows[0]).toEqual({ n: 1 });
  });

  it('the server runs as the app role: ready, and a sign-up writes its rows', async () => {
    const database = await openDatabase({ databaseUrl: urlFor(appRole, dbName) });
    await seedReference(database.db);
    const server = await buildApp({ config: testConfig({ databaseUrl: urlFor(appRole, dbName) }), database });
    await server.ready();
    try {
      const ready = await call(server, { url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      const states = (await call(server, { url: '/api/states' })).json<{ id: number; is_available: boolean }[]>();
      const state = states.find((s) => s.is_available)!;
      const signup = await call(server, {
        method: 'POST',
        url: '/api/signup',
        payload: {
          application_member: { email: `roles.${suffix}@example.com`, password: 'Sup3r-secret', password_confirmation: 'Sup3r-secret' },
          fingerprint: 'fp-test',
          agreements: { privacy_notice: true, consent_eletronic_comunications: true },
          loan_borrower: { state_id: state.id },
        },
      });
      expect(signup.statusCode, signup.body).toBeLessThan(300);
      // The job queues (pg-boss, its schema made by the owner): the app role sends a job and reads the counts.
      expect(server.ctx.jobs.driver).toBe('pg-boss');
      expect(await server.ctx.jobs.send(DAILY_RUN_QUEUE, { through: '2035-01-02' }, { singletonKey: '2035-01-02' })).toBeTruthy();
      expect(await server.ctx.jobs.send(DAILY_RUN_QUEUE, { through: '2035-01-02' }, { singletonKey: '2035-01-02' })).toBeNull();
      expect((await server.ctx.jobs.counts(DAILY_RUN_QUEUE)).queued).toBe(1);
    } finally {
      await server.close();
      await database.close();
    }
  });
});
