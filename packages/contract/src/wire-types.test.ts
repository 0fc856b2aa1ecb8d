/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate, isIsoDateSchema, ZIsoDate } from './dates';
import { isCentsSchema, ZCents } from './money';
import { ZPromiseRequest } from './collections';
import { ZDueDateChangeRequest } from './care';

/**
 * Issue #28: money and calendar days are typed on the wire. Every exported schema of the contract is
 * walked (objects, arrays, unions, records, pipes, and plain objects of schemas such as AUDIT_SNAPSHOTS);
 * a field named like money must be a {@link ZCents}, a field named like a day a {@link ZIsoDate}
 * (`isoDate(message)` where a field keeps its own message). The names are a rule, not a guess per file:
 *
 * - money: a number (or an array of numbers) whose name, split on `_`, holds one of {@link MONEY_WORDS},
 *   or ends in `total_of_payments`, unless it ends in `_id`/`_ids` (a row's id: `unpaid_reward_ids`);
 * - a day: a field (or an array's items, unless they are objects) whose name is `date`, `on`, `as_of` or
 *   `good_through`, ends in `_date`, `_on`, `_dates`, `_since` or `month_end(s)`, or starts with `maturity_` or
 *   `due_dates_`.
 *
 * Wrappers (nullable, optional, default…), arrays and pipes (the schema a value ends as) are looked through.
 *
 * A field the rule names but is not money or not a day is listed in {@link ALLOWED} with its reason.
 */
const MONEY_WORDS = new Set([
  'cents',
  'amount',
  'balance',
  'fee',
  'fees',
  'principal',
  'payment',
  'payoff',
  'interest',
  'arrears',
  'deduction',
  'income',
  'expenses',
  'financed',
  'diem',
  'charge',
  'paid',
  'unpaid',
  'remitted',
  'allocation',
  'earned',
  'payable',
]);
const isMoneyName = (key: string): boolean => !/_ids?$/.test(key) && (key.endsWith('total_of_payments') || key.split('_').some((w) => MONEY_WORDS.has(w)));
const isDateName = (key: string): boolean => /^(date|on|as_of|good_through)$|_(date|on|dates|since)$|^(maturity|due_dates)_|month_ends?$/.test(key);

/**
 * Fields the rule names that are not money / not a day. An entry is a path as reported (`file:Export.key`,
 * `[]` for an array's item, `|n` for a union's branch), `file:*.key` (every such key of the file) or `*.key`.
 */
const ALLOWED: Record<string, string> = {
  '*.total_allotments_paid': 'a count of allotments (payroll deductions) paid, not money',
  '*.waiting_on': 'who a request waits on (an enum), not a day',
  'application:ZReapplyResponse.could_reapply_on': "the spec's `today`, `never` or a day",
  'newflow:*.reapply_date': '`never` or a day (the reapply day a staff decision set: ZReapplyOn)',
  '*.reapply_on': '`never` or a day (ZReapplyOn: a union whose day is an isoDate; the audit snapshot keeps what the decline stored)',
  'servicing:ZPayoffParams.date':
    "a path segment the payoff use cases check themselves, answering the spec's PAYMENT_MSG.payoffDateInvalid in the payment error shape",
  'employer-remittances:ZEmployerRemittanceRequest|1.pay_date':
    'a typed pay date the use case checks with its own line-and-column errors (EMPLOYER_REMITTANCE_MSG: a future pay date…)',
};

/**
 * Money whose name the rule cannot tell from a count (`total`, `expected`, `received`…): each must be a
 * ZCents too (same entry forms as {@link ALLOWED}).
 */
const MONEY_BY_MEANING = [
  'borrower-tools:ZPayoffLetterDebit.change',
  'borrower-tools:ZPayDateRow.expected',
  'borrower-tools:ZPayDateRow.received',
  'borrower-tools:ZPayDateRow.in_suspense',
  'employer-remittances:*.expected',
  'employer-remittances:*.difference',
  'servicing-backoffice:ZRemittanceImportResponse.total',
  'servicing-backoffice:ZSandboxRemittanceResponse.total',
];

type Found = { money: number; dates: number; violations: string[] };

const WRAPPERS = new Set(['nullable', 'optional', 'default', 'readonly', 'catch', 'prefault', 'nonoptional']);

/** The schema under nullable/optional/default/… wrappers, arrays (typed by their items) and pipes (by their end). */
function leaf(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = s._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; out?: z.ZodType };
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'array' && def.element) s = def.element;
    else if (def.type === 'pipe' && def.out) s = def.out;
    else return s;
  }
}

/** A day schema in behaviour too: it takes a leap day and refuses a day that does not exist. */
function isDay(schema: z.ZodType): boolean {
  const s = leaf(schema);
  return isIsoDateSchema(s) && s.safeParse('2028-02-29').success && !s.safeParse('2027-02-29').success && !s.safeParse('2027-2-1').success;
}

/** Walks every schema reachable from the modules' exports (file → export name → value). */
function checkWireTypes(modules: Record<string, Record<string, unknown>>, allowList: Record<string, string> = ALLOWED): Found {
  const found: Found = { money: 0, dates: 0, violations: [] };
  // One report per (object schema, key), with every path it is reached by.
  const fields = new Map<z.ZodType, Map<string, { file: string; paths: string[]; field: z.ZodType }>>();
  const seen = new Set<unknown>();

  function visit(value: unknown, file: string, path: string, depth: number): void {
    if (value === null || typeof value !== 'object' || depth > 40) return;
    if (!(value instanceof z.ZodType)) {
      if (depth > 3 || seen.has(value)) return;
      seen.add(value);
      for (const [k, v] of Object.entries(value)) visit(v, file, `${path}.${k}`, depth + 1);
      return;
    }
    const def = value._zod.def as unknown as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'object': {
        let keys = fields.get(value);
        const first = !keys;
        if (!keys) fields.set(value, (keys = new Map()));
        for (const [k, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          const entry = keys.get(k);
          if (entry) entry.paths.push(`${file}:${path}.${k}`);
          else keys.set(k, { file, paths: [`${file}:${path}.${k}`], field });
          if (first) visit(field, file, `${path}.${k}`, depth + 1);
        }
        if (def.catchall) visit(def.catchall, file, `${path}.*`, depth + 1);
        return;
      }
      case 'array':
        return visit(def.element, file, `${path}[]`, depth + 1);
      case 'union':
        (def.options as z.ZodType[]).forEach((o, i) => visit(o, file, `${path}|${String(i)}`, depth + 1));
        return;
      case 'intersection':
        visit(def.left, file, path, depth + 1);
        return visit(def.right, file, path, depth + 1);
      case 'record':
        return visit(def.valueType, file, `${path}{}`, depth + 1);
      case 'pipe':
        visit(def.in, file, path, depth + 1);
        return visit(def.out, file, path, depth + 1);
      case 'lazy':
        if (seen.has(value)) return;
        seen.add(value);
        return visit((def.getter as () => unknown)(), file, path, depth + 1);
      case 'tuple':
        (def.items as z.ZodType[]).forEach((o, i) => visit(o, file, `${path}[${String(i)}]`, depth + 1));
        return;
      default:
        if (WRAPPERS.has(def.type)) visit(def.innerType, file, path, depth + 1);
    }
  }

  for (const [file, exports] of Object.entries(modules))
    for (const [name, value] of Object.entries(exports))
      if (value instanceof z.ZodType || (value !== null && typeof value === 'object')) visit(value, file, name, 0);

  const listed = (list: readonly string[], file: string, key: string, paths: string[]): boolean =>
    list.includes(`*.${key}`) || list.includes(`${file}:*.${key}`) || paths.some((p) => list.includes(p));
  const allowed = (file: string, key: string, paths: string[]): boolean => listed(Object.keys(allowList), file, key, paths);
  const byMeaning = new Set<string>();
  for (const keys of fields.values())
    for (const [key, { file, paths, field }] of keys) {
      const s = leaf(field);
      const meant = MONEY_BY_MEANING.filter((entry) => listed([entry], file, key, paths));
      meant.forEach((entry) => byMeaning.add(entry));
      if ((isMoneyName(key) || meant.length > 0) && s instanceof z.ZodNumber) {
        found.money++;
        if (!isCentsSchema(s) && !allowed(file, key, paths)) found.violations.push(`money, not ZCents: ${paths.join(' , ')}`);
      }
      if (isDateName(key) && !(s instanceof z.ZodObject)) {
        found.dates++;
        if (!isDay(field) && !allowed(file, key, paths)) found.violations.push(`a day, not ZIsoDate: ${paths.join(' , ')}`);
      }
    }
  // Every entry of MONEY_BY_MEANING names a field that exists (a renamed field must be named again).
  if (Object.keys(modules).includes('money'))
    for (const entry of MONEY_BY_MEANING) if (!byMeaning.has(entry)) found.violations.push(`MONEY_BY_MEANING names no field: ${entry}`);
  return found;
}

/** Every module of the contract (file name without `.ts` → its exports). */
const contract: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })).map(([path, mod]) => [path.slice(2, -3), mod]),
);

describe('wire types (issue #28)', () => {
  it('every money field of the contract is a ZCents and every day a ZIsoDate', () => {
    const found = checkWireTypes(contract);
    expect(found.violations).toEqual([]);
    // The walk reaches the contract (a walk that finds nothing would pass on anything).
    expect(found.money).toBeGreaterThan(150);
    expect(found.dates).toBeGreaterThan(80);
  });

  it('every allow-list entry is still used (names a field the rule would report)', () => {
    const unused = Object.keys(ALLOWED).filter((entry) => {
      const without = { ...ALLOWED };
      delete without[entry];
      return checkWireTypes(contract, without).violations.length === 0;
    });
    expect(unused).toEqual([]);
  });

  it('fails on a plain money field, a plain or unchecked day, and passes on the typed ones', () => {
    const sample = {
      sample: {
        ZBad: z.object({
          fee_amount: z.number().int(),
          balances: z.array(z.object({ principal: z.number().int().nullable() })),
          due_date: z.string(),
          paid_on: z.string().meta({ unit: 'date' }),
          next_dates: z.array(z.string()),
        }),
        ZGood: z.object({
          fee_amount: ZCents,
          payoff_amount: ZCents.check(z.gte(0)).optional(),
          amount_options: z.array(ZCents),
          due_date: ZIsoDate.nullable(),
          hire_date: isoDate('The hire date is invalid.').optional(),
          count: z.number().int(),
          name: z.string(),
        }),
      },
    };
    const found = checkWireTypes(sample);
    expect(found.violations).toEqual([
      'money, not ZCents: sample:ZBad.fee_amount',
      'a day, not ZIsoDate: sample:ZBad.due_date',
      'a day, not ZIsoDate: sample:ZBad.paid_on',
      'a day, not ZIsoDate: sample:ZBad.next_dates',
      'money, not ZCents: sample:ZBad.balances[].principal',
    ]);
    expect(found.money).toBe(5);
    expect(found.dates).toBe(5);
  });

  it('ZIsoDate: a real YYYY-MM-DD day, a field may keep its own message; a bound on ZCents keeps the mark', () => {
    expect(ZIsoDate.safeParse('2028-02-29').success).toBe(true);
    expect(ZIsoDate.safeParse('2027-02-29').error?.issues[0]?.message).toBe('must be a YYYY-MM-DD date');
    expect(isoDate('is invalid').safeParse('2027-13-01').error?.issues[0]?.message).toBe('is invalid');
    expect(isoDate('is invalid', "can't be blank").safeParse(undefined).error?.issues[0]?.message).toBe("can't be blank");
    const byText = isoDate((text) => `no day: ${text}`);
    expect(byText.safeParse('2027-02-30').error?.issues[0]?.message).toBe('no day: 2027-02-30');
    expect(isCentsSchema(ZCents.check(z.positive(), z.lte(9_999_999)))).toBe(true);
    expect(isIsoDateSchema(z.string())).toBe(false);
  });

  it('typed request days keep the messages their fields had', () => {
    const promised = (promised_date: string) => ZPromiseRequest.safeParse({ promised_date, amount: 100 }).error?.issues[0]?.message;
    expect(promised('02/01/2027')).toBe('Enter a date as YYYY-MM-DD.');
    expect(promised('2027-02-30')).toBe('Enter a real date as YYYY-MM-DD.');
    expect(promised('2028-02-29')).toBeUndefined();
    expect(ZDueDateChangeRequest.safeParse({ date: '2027-2-1' }).error?.issues[0]?.message).toBe('is invalid');
  });
});
