import pg from 'pg';

/**
 * Least privilege on PostgreSQL (docs/deployment.md, "Database roles"): the schema belongs to an OWNER role
 * that runs the migrations; the server runs as an APP role that reads and writes rows but owns nothing, so it
 * cannot alter a table, drop or disable a trigger, or truncate. The audit trails are append-only for it:
 * INSERT and SELECT only. `SET session_replication_role` (which would skip triggers) is superuser-only.
 */

/** Append-only tables: the app role may insert and read them, never update, delete or truncate. */
export const AUDIT_TABLES = ['staff_actions', 'employer_actions'] as const;

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_$]{0,62}$/.test(name)) throw new Error(`not a plain role name: ${name}`);
  return `"${name}"`;
};

/** pg-boss's schema (jobs/pg-boss.ts): created with its queues by the owner at migrate time (jobs/queues.ts prepareJobSchema). */
export const JOB_SCHEMA = 'pgboss';

/**
 * The statements that give `role` exactly what the server needs on the migrated schema (idempotent; re-run
 * after every migration). With pg-boss's schema (`jobSchema`): its rows (send, fetch, complete, archive,
 * schedule) and its functions, never its tables' definitions: a new queue (a partition of its job table) is
 * the owner's to create.
 */
export function appRoleGrants(role: string, existingTables: readonly string[], jobSchema = false): string[] {
  const r = ident(role);
  const audit = AUDIT_TABLES.filter((t) => existingTables.includes(t));
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    ...(audit.length > 0 ? [`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${audit.map((t) => `"${t}"`).join(', ')} FROM ${r}`] : []),
    // The readiness check compares the applied migrations with the build's.
    `GRANT USAGE ON SCHEMA drizzle TO ${r}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${r}`,
    ...(jobSchema
      ? [
          `GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${r}`,
          `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${r}`,
          `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${r}`,
        ]
      : []),
  ];
}

/** The user name of a postgres:// URL. */
export const roleOfUrl = (url: string): string => decodeURIComponent(new URL(url).username);

/** Runs the grants for the app role of `appUrl`, connected as the owner (`ownerUrl`). */
export async function grantAppRole(ownerUrl: string, appUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const tables = (await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'")).rows.map((r) => r.tablename);
    const jobSchema = (await client.query('select 1 from pg_namespace where nspname = $1', [JOB_SCHEMA])).rows.length > 0;
    for (const statement of appRoleGrants(roleOfUrl(appUrl), tables, jobSchema)) await client.query(statement);
  } finally {
    await client.end();
  }
}
