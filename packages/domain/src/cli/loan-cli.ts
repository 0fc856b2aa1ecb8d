/**
 * Loan engine CLI: `npm run -s loan -- <schedule|apr|payoff>` reads ONE JSON object on stdin and
 * writes ONE JSON object on stdout. Invalid input (bad JSON, missing or ill-typed field, unknown
 * command, terms the engine rejects): exit code 2, one line on stderr naming the field, nothing on stdout.
 */
import { pathToFileURL } from 'node:url';
import { cents } from '../money';
import { isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { parseFrequency } from '../loan/frequency';
import type { Frequency } from '../loan/frequency';
import { singleAdvanceApr, unitPeriodFor } from '../loan/apr';
import { quoteLoan } from '../loan/disclosure';
import { buildSchedule } from '../loan/schedule';
import type { LoanTerms } from '../loan/schedule';
import { payoffAsOf } from '../loan/servicing';

/** The commands the CLI understands. */
export const COMMANDS = ['schedule', 'apr', 'payoff'] as const;

/** Input error naming the offending field; the CLI turns it into exit code 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

type Json = Record<string, unknown>;

function field(obj: Json, name: string, path = name): unknown {
  if (!Object.hasOwn(obj, name) || obj[name] === undefined) throw new InputError(`missing field "${path}"`);
  return obj[name];
}

function int(obj: Json, name: string, min: number, what: string, path = name): number {
  const v = field(obj, name, path);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw new InputError(`field "${path}" must be ${what}`);
  return v;
}

function bool(obj: Json, name: string): boolean {
  const v = field(obj, name);
  if (typeof v !== 'boolean') throw new InputError(`field "${name}" must be true or false`);
  return v;
}

function date(obj: Json, name: string, path = name): IsoDate {
  const v = field(obj, name, path);
  if (!isIsoDate(v)) throw new InputError(`field "${path}" must be a date YYYY-MM-DD`);
  return v;
}

function frequency(obj: Json): Frequency {
  const v = field(obj, 'frequency');
  const f = typeof v === 'string' ? parseFrequency(v) : null;
  if (!f) throw new InputError('field "frequency" must be one of weekly, biweekly, semimonthly, monthly');
  return f;
}

function ratePercent(obj: Json): string {
  const v = field(obj, 'annual_rate_percent');
  if (typeof v !== 'string' || !/^\d{1,3}(\.\d{1,8})?$/.test(v))
    throw new InputError('field "annual_rate_percent" must be a decimal string such as "24.99" (0 to 999.99999999)');
  return v;
}

function flows(obj: Json, name: string, allowEmpty: boolean): { date: IsoDate; amountCents: number }[] {
  const v = field(obj, name);
  if (!Array.isArray(v)) throw new InputError(`field "${name}" must be an array`);
  if (!allowEmpty && v.length === 0) throw new InputError(`field "${name}" must not be empty`);
  return v.map((item: unknown, k) => {
    const path = `${name}[${String(k)}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new InputError(`field "${path}" must be an object { date, amount_cents }`);
    const o = item as Json;
    return { date: date(o, 'date', `${path}.date`), amountCents: int(o, 'amount_cents', 1, 'a positive integer number of cents', `${path}.amount_cents`) };
  });
}

function terms(obj: Json): LoanTerms {
  const t: LoanTerms = {
    amountCents: cents(int(obj, 'amount_cents', 1, 'a positive integer number of cents')),
    originationFeeCents: cents(int(obj, 'origination_fee_cents', 0, 'a non-negative integer number of cents')),
    feeFinanced: bool(obj, 'fee_financed'),
    annualRatePercent: ratePercent(obj),
    frequency: frequency(obj),
    numberOfPayments: int(obj, 'number_of_payments', 1, 'an integer from 1 to 1000'),
    disbursementDate: date(obj, 'disbursement_date'),
    firstPaymentDate: date(obj, 'first_payment_date'),
  };
  if (t.numberOfPayments > 1000) throw new InputError('field "number_of_payments" must be an integer from 1 to 1000');
  if (t.firstPaymentDate <= t.disbursementDate) throw new InputError('field "first_payment_date" must be after "disbursement_date"');
  if (!t.feeFinanced && t.originationFeeCents >= t.amountCents)
    throw new InputError('field "origination_fee_cents" must be less than "amount_cents" when the fee is not financed');
  return t;
}

function engine<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(`invalid terms: ${e.message}`);
    throw e;
  }
}

function runSchedule(obj: Json): Json {
  const t = terms(obj);
  const { schedule: s, disclosure } = engine(() => quoteLoan(t));
  return {
    note_principal_cents: s.notePrincipalCents,
    amount_financed_cents: s.amountFinancedCents,
    regular_payment_cents: s.regularPaymentCents,
    final_payment_cents: s.finalPaymentCents,
    total_interest_cents: s.totalInterestCents,
    finance_charge_cents: disclosure.financeChargeCents,
    total_of_payments_cents: disclosure.totalOfPaymentsCents,
    apr_percent: disclosure.aprPercent,
    schedule: s.rows.map((r) => ({
      n: r.n,
      due_date: r.dueDate,
      payment_cents: r.paymentCents,
      interest_cents: r.interestCents,
      principal_cents: r.principalCents,
      balance_cents: r.balanceCents,
    })),
  };
}

function runApr(obj: Json): Json {
  const amount = int(obj, 'amount_financed_cents', 1, 'a positive integer number of cents');
  const advance = date(obj, 'advance_date');
  const f = frequency(obj);
  const payments = flows(obj, 'payments', false);
  payments.forEach((p, k) => {
    if (p.date < advance) throw new InputError(`field "payments[${String(k)}].date" must not be before "advance_date"`);
  });
  const r = engine(() => singleAdvanceApr(amount, advance, payments, unitPeriodFor(f)));
  if (!Number.isFinite(r.apr)) throw new InputError('field "payments": no APR solves these cash flows');
  return { apr_percent: r.aprPercent };
}

function runPayoff(obj: Json): Json {
  const t = terms(obj);
  const asOf = date(obj, 'as_of');
  if (asOf < t.disbursementDate) throw new InputError('field "as_of" must not be before "disbursement_date"');
  const payments = flows(obj, 'payments_made', true);
  payments.forEach((p, k) => {
    if (p.date < t.disbursementDate || p.date > asOf)
      throw new InputError(`field "payments_made[${String(k)}].date" must be between "disbursement_date" and "as_of"`);
  });
  const p = engine(() => payoffAsOf(buildSchedule(t), payments, asOf));
  return {
    payoff_cents: p.payoffCents,
    per_diem_cents: p.perDiemCents,
    principal_cents: p.principalCents,
    interest_cents: p.interestCents,
    fees_cents: p.feesCents,
  };
}

/** Result of one CLI run: exit code and the text for stdout and stderr. */
export interface CliResult {
  /** 0 on success, 2 on invalid input. */
  readonly code: number;
  /** One JSON object and a newline, or empty. */
  readonly stdout: string;
  /** One line on error, or empty. */
  readonly stderr: string;
}

/** Runs a command on the given stdin text. Pure: no I/O (the entry point below does it). */
export function runCli(command: string | undefined, stdin: string): CliResult {
  try {
    if (command === undefined || !(COMMANDS as readonly string[]).includes(command)) {
      throw new InputError(`unknown command "${command ?? ''}" (expected one of: ${COMMANDS.join(', ')})`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(stdin);
    } catch (e) {
      throw new InputError(`stdin is not valid JSON (${(e as Error).message.replace(/\s+/g, ' ')})`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InputError('stdin must be one JSON object');
    const obj = parsed as Json;
    const out = command === 'schedule' ? runSchedule(obj) : command === 'apr' ? runApr(obj) : runPayoff(obj);
    return { code: 0, stdout: `${JSON.stringify(out)}\n`, stderr: '' };
  } catch (e) {
    if (e instanceof InputError) return { code: 2, stdout: '', stderr: `loan-cli: ${e.message.replace(/\s*\n\s*/g, ' ')}\n` };
    throw e;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Entry point: reads stdin, writes the result, sets the exit code. */
export async function main(argv: readonly string[]): Promise<void> {
  const result = runCli(argv[0], await readStdin());
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  process.exitCode = result.code;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2));
}
