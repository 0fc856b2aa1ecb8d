// Money and dates typed end to end in the database schema (issue #28): every integer column that holds money
// is `integer(...).$type<Cents>()` and every ISO-day column (`date(..., { mode: 'string' })`, or a text column
// named as a day) is `$type<IsoDate>()`, so a row read from Drizzle comes out branded and a plain number or
// string cannot be written where cents or a day belong. `$type` is TypeScript only (no migration), so this test
// reads the schema's source; it checks against the loaded schema (drizzle's getTableConfig) that it saw every
// column.
import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../apps/server/src/db/schema/index';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'apps/server/src/db/schema');

/**
 * Integer columns that are not money, by column name, with the reason. Identifiers (`id`, `*_id`) are
 * recognised by name; anything else unbranded must be listed here, and `*_cents` never is.
 */
const NOT_MONEY: Readonly<Record<string, string>> = {
  attempts: 'a count of tries',
  version: 'a data version moved by triggers (member_versions, data_versions; kept answers)',
  rate_check_attempts: 'a count of tries',
  sends: 'a count of codes sent',
  hits: 'a count of requests in a rate-limit window',
  lockouts: 'a count of lockouts',
  retry_count: "the job queue's retry count",
  retry_limit: "the job queue's retry limit",
  dead_letter_of: 'the id of the job a dead letter stands for (bigint)',
  bytes: 'a size in bytes',
  byte_size: 'a size in bytes',
  pdf_byte_size: 'a size in bytes',
  base_records: 'a count of records in a credit-reporting file',
  disputed: 'a count of disputed accounts in a credit-reporting file',
  line_count: 'a count of lines in a remittance file',
  line: 'a line number in a remittance file',
  loan_count: 'a count of loans at a month end',
  credit_score: 'a bureau score',
  rating: 'a satisfaction rating (1–5)',
  points: 'referral points',
  position: 'an ordering position',
  n: 'an installment number',
  installment_n: 'an installment number',
  first_moved_n: 'an installment number',
  installments: 'a count of installments',
  terms: 'a count of installments',
  number_of_payments: 'a count of installments',
  terms_in_months: 'a term in months',
  term_months: 'a term in months',
  defer_payments: 'a count of payments deferred',
  days_past_due: 'a count of days',
  notice_day: 'a day count of a delinquency notice (day 10, 30, …)',
  exp_month: "a card's expiry month",
  exp_year: "a card's expiry year",
  totp_last_step: 'a TOTP time step',
};

/** The type arguments that mark a column as an ISO day (ReapplyOn is `IsoDate | 'never'`). */
const ISO_DAY_TYPES = new Set(['IsoDate', 'ReapplyOn']);
/** A text column named like this holds a day and must be branded as one. */
const DAY_NAMED = /(_on|_date)$/;

interface ParsedColumn {
  readonly table: string;
  readonly column: string;
  /** The builder: integer, bigint, date, text, … */
  readonly builder: string;
  /** The type argument of `.$type<…>()`, as written; null without one. */
  readonly brand: string | null;
  readonly where: string;
}

interface SchemaSource {
  readonly fileName: string;
  readonly text: string;
}

/** A column-group function (`function name() { return { … }; }`, schema/columns.ts and the like) and where it is. */
interface ColumnGroup {
  readonly columns: ts.ObjectLiteralExpression;
  readonly source: ts.SourceFile;
}

/** The object literal a column-group function returns, or null when the node is not one. */
function returnedObject(node: ts.Node): ts.ObjectLiteralExpression | null {
  let body: ts.ConciseBody | undefined;
  if (ts.isFunctionDeclaration(node)) body = node.body;
  else if (ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)))
    body = node.initializer.body;
  if (!body) return null;
  let expr: ts.Expression | undefined;
  if (ts.isBlock(body)) {
    const returns = body.statements.filter(ts.isReturnStatement);
    if (returns.length !== 1 || body.statements.length !== 1) return null;
    expr = returns[0]?.expression;
  } else expr = body;
  while (expr && ts.isParenthesizedExpression(expr)) expr = expr.expression;
  return expr && ts.isObjectLiteralExpression(expr) ? expr : null;
}

/**
 * Every column of every `pgTable('name', { … })` of the schema files, with its builder and `$type`. A column
 * group spread into a table (`...loanRowColumns()`) is followed to the function that returns it, in any of
 * the files; a spread it cannot follow fails the parse, so no column hides from the checks.
 */
function parseSchemaSources(files: readonly SchemaSource[]): ParsedColumn[] {
  const sources = files.map((f) => ts.createSourceFile(f.fileName, f.text, ts.ScriptTarget.Latest, true));
  const groups = new Map<string, ColumnGroup>();
  for (const source of sources) {
    const collect = (node: ts.Node): void => {
      const columns = returnedObject(node);
      if (columns && (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
        if (groups.has(node.name.text)) throw new Error(`two column groups named ${node.name.text}`);
        groups.set(node.name.text, { columns, source });
      }
      ts.forEachChild(node, collect);
    };
    collect(source);
  }
  const at = (source: ts.SourceFile, node: ts.Node): string =>
    `${path.basename(source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const columns: ParsedColumn[] = [];
  const readColumns = (table: string, object: ts.ObjectLiteralExpression, source: ts.SourceFile, spreadAt: string, seen: readonly string[]): void => {
    for (const prop of object.properties) {
      if (ts.isSpreadAssignment(prop)) {
        const call = prop.expression;
        const name = ts.isCallExpression(call) && ts.isIdentifier(call.expression) ? call.expression.text : null;
        const group = name === null ? undefined : groups.get(name);
        if (name === null || !group || seen.includes(name))
          throw new Error(`${at(source, prop)}: cannot follow the spread \`${prop.getText(source)}\` of table ${table} to a column group`);
        readColumns(table, group.columns, group.source, `${spreadAt || at(source, prop)}`, [...seen, name]);
        continue;
      }
      if (!ts.isPropertyAssignment(prop)) continue;
      let brand: string | null = null;
      let expr: ts.Expression = prop.initializer;
      // Walk the chain `builder('col', …).$type<T>().notNull()…` down to the builder call.
      while (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
        if (expr.expression.name.text === '$type') brand = expr.typeArguments?.[0]?.getText(source) ?? null;
        expr = expr.expression.expression;
      }
      if (!ts.isCallExpression(expr) || !ts.isIdentifier(expr.expression)) continue;
      const columnArg = expr.arguments[0];
      if (!columnArg || !ts.isStringLiteral(columnArg)) continue;
      columns.push({
        table,
        column: columnArg.text,
        builder: expr.expression.text,
        brand,
        where: spreadAt ? `${at(source, prop)} (spread at ${spreadAt})` : at(source, prop),
      });
    }
  };
  for (const source of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pgTable') {
        const [nameArg, columnsArg] = node.arguments;
        if (nameArg && ts.isStringLiteral(nameArg) && columnsArg && ts.isObjectLiteralExpression(columnsArg))
          readColumns(nameArg.text, columnsArg, source, '', []);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return columns;
}

/** What is wrong with the columns' types: one line per column, empty when all is well. */
function columnTypeProblems(columns: readonly ParsedColumn[]): string[] {
  const problems: string[] = [];
  for (const c of columns) {
    const at = `${c.where} ${c.table}.${c.column}`;
    const isDayBrand = c.brand !== null && c.brand.split('|').some((t) => ISO_DAY_TYPES.has(t.trim()));
    if (c.builder === 'integer' || c.builder === 'bigint') {
      if (c.brand === 'Cents') continue;
      if (c.column.endsWith('_cents')) problems.push(`${at}: money (integer cents) without .$type<Cents>()`);
      else if (c.column !== 'id' && !c.column.endsWith('_id') && !(c.column in NOT_MONEY))
        problems.push(`${at}: an integer column that is neither .$type<Cents>() nor listed as not money (NOT_MONEY, with the reason)`);
    } else if (c.builder === 'date') {
      if (!isDayBrand) problems.push(`${at}: an ISO-day column without .$type<IsoDate>()`);
    } else if (c.builder === 'text' && DAY_NAMED.test(c.column)) {
      if (!isDayBrand) problems.push(`${at}: a text column named as a day without .$type<IsoDate>() (or ReapplyOn)`);
    } else if (c.brand === 'Cents' || c.brand === 'IsoDate') {
      problems.push(`${at}: .$type<${c.brand}>() on a ${c.builder} column`);
    }
  }
  return problems;
}

const parsed = parseSchemaSources(
  fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ fileName: path.join(schemaDir, f), text: fs.readFileSync(path.join(schemaDir, f), 'utf8') })),
);

describe('database column types (money and dates branded)', () => {
  it('the source parse sees exactly the columns of the loaded schema', () => {
    const loaded = Object.values(schema)
      .filter((t): t is PgTable => is(t, PgTable))
      .flatMap((t) => {
        const config = getTableConfig(t);
        return config.columns.map((c) => `${config.name}.${c.name}`);
      });
    expect(loaded.length).toBeGreaterThan(300);
    expect(parsed.map((c) => `${c.table}.${c.column}`).sort()).toEqual(loaded.sort());
  });

  it('every money column is Cents and every ISO-day column is IsoDate', () => {
    expect(columnTypeProblems(parsed)).toEqual([]);
  });

  it('the allow-list names only integer columns that exist, and no money', () => {
    const integerNames = new Set(parsed.filter((c) => c.builder === 'integer' || c.builder === 'bigint').map((c) => c.column));
    expect(Object.keys(NOT_MONEY).filter((n) => !integerNames.has(n) || n.endsWith('_cents'))).toEqual([]);
  });

  it('refuses an unbranded money, day or unlisted integer column', () => {
    const sample = `
      export const t = pgTable('t', {
        id: serial('id').primaryKey(),
        loanId: integer('loan_id').notNull(),
        amountCents: integer('amount_cents').notNull(),
        feeCents: integer('fee_cents').$type<Cents>().notNull(),
        dueDate: date('due_date', { mode: 'string' }).notNull(),
        paidOn: date('paid_on', { mode: 'string' }).$type<IsoDate>(),
        reapplyOn: text('reapply_on'),
        decidedOn: text('decided_on').$type<ReapplyOn>(),
        widgets: integer('widgets').notNull(),
        attempts: integer('attempts').notNull().default(0),
        note: text('note').$type<Cents>(),
      });`;
    expect(columnTypeProblems(parseSchemaSources([{ fileName: 'sample.ts', text: sample }]))).toEqual([
      'sample.ts:5 t.amount_cents: money (integer cents) without .$type<Cents>()',
      'sample.ts:7 t.due_date: an ISO-day column without .$type<IsoDate>()',
      'sample.ts:9 t.reapply_on: a text column named as a day without .$type<IsoDate>() (or ReapplyOn)',
      'sample.ts:11 t.widgets: an integer column that is neither .$type<Cents>() nor listed as not money (NOT_MONEY, with the reason)',
      'sample.ts:13 t.note: .$type<Cents>() on a text column',
    ]);
  });

  it('follows a column group spread into a table, across files, and checks its columns too', () => {
    const groups = `
      export function loanRowColumns() {
        return {
          id: serial('id').primaryKey(),
          loanId: integer('loan_id').notNull(),
        };
      }
      export const moneyColumns = () => ({
        ...loanRowColumns(),
        amountCents: integer('amount_cents').notNull(),
        paidOn: date('paid_on', { mode: 'string' }),
        feeCents: integer('fee_cents').$type<Cents>().notNull(),
      });`;
    const tables = `
      export const t = pgTable('t', {
        ...moneyColumns(),
        note: text('note'),
      });`;
    const columns = parseSchemaSources([
      { fileName: 'groups.ts', text: groups },
      { fileName: 'tables.ts', text: tables },
    ]);
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(['t.id', 't.loan_id', 't.amount_cents', 't.paid_on', 't.fee_cents', 't.note']);
    expect(columnTypeProblems(columns)).toEqual([
      'groups.ts:10 (spread at tables.ts:3) t.amount_cents: money (integer cents) without .$type<Cents>()',
      'groups.ts:11 (spread at tables.ts:3) t.paid_on: an ISO-day column without .$type<IsoDate>()',
    ]);
    const unknown = `export const u = pgTable('u', { id: serial('id').primaryKey(), ...elsewhere() });`;
    expect(() => parseSchemaSources([{ fileName: 'u.ts', text: unknown }])).toThrow(/u\.ts:1: cannot follow the spread `\.\.\.elsewhere\(\)` of table u/);
  });
});
