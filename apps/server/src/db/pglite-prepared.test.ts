import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PREPARED, preparedStatements, type PreparedStatements } from './pglite-prepared.mjs';

let pg: PGlite;
let statements: PreparedStatements;

beforeEach(async () => {
  pg = new PGlite();
  await pg.waitReady;
  await pg.exec(`
    create table items (id serial primary key, name text not null unique, price numeric(10,2), seen timestamptz, tags text[], doc jsonb);
    insert into items (name, price, seen, tags, doc) values
      ('a', 1.50, '2026-01-02T03:04:05Z', '{x,y}', '{"k":1}'),
      ('b', null, null, null, null);
  `);
  statements = preparedStatements(pg);
});

afterEach(async () => {
  await pg.close();
});

const ourNames = async () =>
  (await pg.query<{ name: string }>(`select name from pg_prepared_statements where name like 'payrail_pglite_%' order by name`)).rows.map((r) => r.name);

describe('statements prepared once on PGlite', () => {
  it('prepares a statement text once and executes it on every call, answering what PGlite’s query() answers', async () => {
    const text = 'select id, name, price, seen, tags, doc from items where id >= $1 order by id';
    // drizzle's options: rows as arrays, its own parsers for dates (raw text).
    const opts = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    const first = await statements.query(text, [1], opts);
    const second = await statements.query(text, [2], opts);
    expect(statements.counts()).toEqual({ prepares: 1, executes: 2, prepared: 1 });
    expect(await ourNames()).toHaveLength(1);
    const own = await pg.query(text, [1], opts);
    expect(first).toEqual(own);
    expect(second.rows).toEqual([[2, 'b', null, null, null, null]]);
    expect(await statements.query(text, [1])).toEqual(await pg.query(text, [1])); // object rows, PGlite's parsers
  });

  it('reuses the plan: the backend counts one prepared statement run many times', async () => {
    const text = 'select name from items where id = $1';
    for (let i = 0; i < 8; i++) await statements.query(text, [1]);
    const plans = await pg.query<{ generic_plans: number; custom_plans: number }>(
      `select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'payrail_pglite_%'`,
    );
    expect(plans.rows).toHaveLength(1);
    expect(plans.rows[0]!.generic_plans + plans.rows[0]!.custom_plans).toBe(8);
  });

  it('answers writes with their row count and returning rows', async () => {
    const insert = await statements.query('insert into items (name) values ($1), ($2) returning id, name', ['c', 'd']);
    expect(insert.rows).toEqual([
      { id: 3, name: 'c' },
      { id: 4, name: 'd' },
    ]);
    expect(insert.affectedRows).toBe(2);
    const update = await statements.query('update items set price = $1 where name in ($2, $3)', [2, 'c', 'd']);
    expect(update.affectedRows).toBe(2);
    expect(update.rows).toEqual([]);
  });

  it('throws PostgreSQL’s error with its SQLSTATE and constraint, and the statement still runs afterwards', async () => {
    const text = 'insert into items (name) values ($1)';
    await expect(statements.query(text, ['a'])).rejects.toMatchObject({ code: '23505', constraint: 'items_name_key', query: text });
    await statements.query(text, ['e']);
    expect(statements.counts().prepares).toBe(1);
    // A statement that does not parse is not kept, and the session is usable.
    await expect(statements.query('select nope from items where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect(statements.counts().prepared).toBe(1);
    expect((await statements.query('select count(*)::int as n from items')).rows).toEqual([{ n: 3 }]);
  });

  it('runs inside a transaction: its writes roll back with it, and a plain statement waits for its end', async () => {
    const count = 'select count(*)::int as n from items';
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await expect(
      pg.transaction(async (tx) => {
        await statements.query('insert into items (name) values ($1)', ['t'], undefined, tx);
        // Sent while the transaction is open: runs after it ends, and so sees its rollback.
        outside = statements.query(count).then((r) => order.push(`outside saw ${(r.rows[0] as { n: number }).n}`));
        expect((await statements.query(count, [], undefined, tx)).rows).toEqual([{ n: 3 }]);
        order.push('inside');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect(order).toEqual(['inside', 'outside saw 2']);
    // Prepared statements outlive the rollback and still answer.
    expect(statements.counts().prepares).toBe(2);
    expect((await statements.query(count)).rows).toEqual([{ n: 2 }]);
    expect(statements.counts().prepares).toBe(2);
  });

  it('closes every prepared statement after DDL, so a changed table is read as it is now', async () => {
    const text = 'select * from items where id = $1';
    expect(Object.keys((await statements.query(text, [1])).rows[0] as object)).not.toContain('extra');
    await statements.query('alter table items add column extra text default $$x$$');
    expect((await statements.query(text, [1])).rows[0]).toMatchObject({ extra: 'x' });
    expect(statements.counts().prepares).toBe(2);
    expect(await ourNames()).toHaveLength(1); // the old one was closed
    // Transaction control and settings change no table: nothing is closed.
    await statements.query('set statement_timeout = 0');
    expect(statements.counts().prepared).toBe(1);
  });

  it('keeps at most MAX_PREPARED statements, closing the least recently used', async () => {
    for (let i = 0; i <= MAX_PREPARED; i++) await statements.query(`select ${i} as n from items where id = $1`, [1]);
    expect(statements.counts().prepared).toBe(MAX_PREPARED);
    await statements.query(`select ${MAX_PREPARED} as n from items where id = $1`, [1]); // the close is sent with the next statement
    expect(await ourNames()).toHaveLength(MAX_PREPARED);
    // The first one was closed: running it prepares it again and answers.
    expect((await statements.query('select 0 as n from items where id = $1', [1])).rows).toEqual([{ n: 0 }]);
    expect(statements.counts().prepares).toBe(MAX_PREPARED + 2);
  });

  it('prepares again a statement someone deallocated', async () => {
    const text = 'select name from items where id = $1';
    await statements.query(text, [1]);
    const [name] = await ourNames();
    await pg.query(`deallocate ${name!}`);
    await expect(statements.query(text, [1])).rejects.toMatchObject({ code: '26000' });
    expect((await statements.query(text, [1])).rows).toEqual([{ name: 'a' }]);
  });
});
