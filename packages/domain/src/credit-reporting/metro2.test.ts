import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, makeIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import type { LoanSchedule } from '../loan/schedule';
import { cents } from '../money';
import { buildMetro2File, complianceCodeFor, furnishAccount, lastEndedPeriod, monthlyEquivalentCents, periodEnd, shiftPeriod, wholeDollars } from './account';
import type { FurnisherIdentity, LoanFacts } from './account';
import { trailerTotals, validateMetro2File, writeMetro2File } from './file';
import type { BaseValues, HeaderValues } from './file';
import { formatField, Metro2FieldError, parseField, writeRecord } from './fixed-width';
import { ACCOUNT_STATUS_CODES, BASE_LAYOUT, HEADER_LAYOUT, RECORD_LENGTH, TRAILER_LAYOUT } from './layout';
import type { Layout } from './layout';
import { openAccountStatus, paymentHistoryProfile, paymentRatingFor } from './status';

const d = (s: string) => s as IsoDate;

const FURNISHER: FurnisherIdentity = {
  identificationNumber: 'PAYRAIL0001',
  reporterName: 'Payrail Servicing LLC',
  reporterAddress: '100 Demo Street, Wilmington, DE 19801',
  reporterTelephone: '3025550100',
  equifaxProgramIdentifier: 'EFX0000001',
  experianProgramIdentifier: 'EXP01',
  transUnionProgramIdentifier: 'TU00000001',
  innovisProgramIdentifier: 'INV0000001',
  softwareVendorName: 'Payrail',
  softwareVersionNumber: '1.0',
};

describe('record layouts', () => {
  it.each([
    ['header', HEADER_LAYOUT],
    ['base', BASE_LAYOUT],
    ['trailer', TRAILER_LAYOUT],
  ] as [string, Layout][])('%s fields are contiguous from position 1 and end at 426', (_, layout) => {
    let next = 1;
    for (const spec of layout) {
      expect(spec.position, spec.key).toBe(next);
      next += spec.length;
    }
    expect(next - 1).toBe(RECORD_LENGTH);
    expect(new Set(layout.map((s) => s.key)).size).toBe(layout.length);
  });
});

describe('fixed-width fields', () => {
  const amount = BASE_LAYOUT.find((s) => s.key === 'currentBalance')!;
  const surname = BASE_LAYOUT.find((s) => s.key === 'surname')!;
  const account = BASE_LAYOUT.find((s) => s.key === 'consumerAccountNumber')!;
  const opened = BASE_LAYOUT.find((s) => s.key === 'dateOpened')!;
  const status = BASE_LAYOUT.find((s) => s.key === 'accountStatus')!;

  it('numbers are right-justified and zero-filled; too long or negative is an error', () => {
    expect(formatField(amount, 1234)).toBe('000001234');
    expect(formatField(amount, null)).toBe('000000000');
    expect(() => formatField(amount, 1_000_000_000)).toThrow(Metro2FieldError);
    expect(() => formatField(amount, -1)).toThrow(Metro2FieldError);
    expect(() => formatField(amount, 1.5)).toThrow(Metro2FieldError);
  });

  it('text is upper case, left-justified, blank-filled; free text is shortened, identifiers are not', () => {
    expect(formatField(surname, "  o'Brien-Núñez ")).toBe("O'BRIEN-NUNEZ".padEnd(25));
    expect(formatField(surname, 'x'.repeat(30))).toBe('X'.repeat(25));
    expect(() => formatField(account, 'A'.repeat(31))).toThrow(Metro2FieldError);
  });

  it('dates are MMDDYYYY, none is zeros, and read back', () => {
    expect(formatField(opened, '2027-03-09')).toBe('03092027');
    expect(parseField(opened, '03092027')).toEqual({ ok: true, value: '2027-03-09' });
    expect(parseField(opened, '02302027').ok).toBe(false);
    expect(parseField(opened, '00000000').ok).toBe(false); // required
  });

  it('parse rejects non-numeric amounts, lower case, unknown codes', () => {
    expect(parseField(amount, '00000012A').ok).toBe(false);
    expect(parseField(amount, '000000 12').ok).toBe(false);
    expect(parseField(status, 'ZZ').ok).toBe(false);
    expect(parseField(surname, 'smith'.padEnd(25)).ok).toBe(false);
    expect(parseField(surname, ' SMITH'.padEnd(25)).ok).toBe(false);
  });

  it('whole dollars truncate the cents', () => {
    expect(wholeDollars(0)).toBe(0);
    expect(wholeDollars(99)).toBe(0);
    expect(wholeDollars(199_999)).toBe(1999);
    expect(() => wholeDollars(-1)).toThrow(RangeError);
  });
});

describe('status, rating and history by days past due', () => {
  it.each([
    [0, '11', '0'],
    [1, '11', '0'],
    [29, '11', '0'],
    [30, '71', '1'],
    [59, '71', '1'],
    [60, '78', '2'],
    [89, '78', '2'],
    [90, '80', '3'],
    [119, '80', '3'],
    [120, '82', '4'],
    [149, '82', '4'],
    [150, '83', '5'],
    [179, '83', '5'],
    [180, '84', '6'],
    [900, '84', '6'],
  ])('%i days → status %s, rating %s', (days, code, rating) => {
    expect(openAccountStatus(days)).toBe(code);
    expect(paymentRatingFor(days)).toBe(rating);
  });

  it('profile: position 1 is the month before; B from the first month the account did not exist', () => {
    const p = paymentHistoryProfile([
      { kind: 'open', daysPastDue: 35 },
      { kind: 'open', daysPastDue: 5 },
      { kind: 'zero_balance' },
      { kind: 'charged_off' },
      { kind: 'not_open' },
      { kind: 'open', daysPastDue: 0 },
    ]);
    expect(p).toBe('10EL' + 'B'.repeat(20));
    expect(p).toHaveLength(24);
  });

  it('compliance codes: open dispute XB, resolved XH, resolved with the consumer disagreeing XC', () => {
    expect(complianceCodeFor('open')).toBe('XB');
    expect(complianceCodeFor('resolved')).toBe('XH');
    expect(complianceCodeFor('resolved_consumer_disagrees')).toBe('XC');
    expect(complianceCodeFor(null)).toBeNull();
  });

  it('periods', () => {
    expect(periodEnd('2028-02')).toBe('2028-02-29');
    expect(shiftPeriod('2027-01', 1)).toBe('2026-12');
    expect(shiftPeriod('2027-01', 24)).toBe('2025-01');
    expect(lastEndedPeriod(d('2027-03-01'))).toBe('2027-02');
    expect(monthlyEquivalentCents(10_000, 'weekly')).toBe(43_333);
    expect(monthlyEquivalentCents(10_000, 'biweekly')).toBe(21_666);
    expect(monthlyEquivalentCents(10_000, 'semimonthly')).toBe(20_000);
  });
});

// ---------------------------------------------------------------------------------------------------
// Writer and validator: round trip of random accounts, tampered files fail.

const upper = (len: number) =>
  fc
    .stringMatching(new RegExp(`^[A-Z][A-Z0-9 ]{0,${len - 1}}$`))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
const date = fc
  .date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((t) => t.toISOString().slice(0, 10) as IsoDate);
const dollars = fc.integer({ min: 0, max: 999_999 });
const digits = (n: number) => fc.stringMatching(new RegExp(`^[1-9][0-9]{${n - 1}}$`));

const baseArb: fc.Arbitrary<BaseValues> = fc
  .record({
    account: fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{4}$/),
    opened: date,
    info: date,
    status: fc.constantFrom('11', '71', '78', '80', '82', '83', '84', '13', '97', '64'),
    history: fc.array(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', 'E', 'L', 'D'), { minLength: 0, maxLength: 24 }),
    balance: dollars,
    pastDueShare: fc.integer({ min: 0, max: 100 }),
    chargeOff: fc.integer({ min: 1, max: 999_999 }),
    scheduled: dollars,
    actual: dollars,
    terms: fc.integer({ min: 1, max: 360 }),
    frequency: fc.constantFrom('W', 'B', 'E', 'M'),
    ccc: fc.constantFrom('', 'XB', 'XC', 'XH'),
    surname: upper(25),
    first: upper(20),
    ssn: fc.option(digits(9), { nil: null }),
    dob: fc.option(date, { nil: null }),
    phone: fc.option(digits(10), { nil: null }),
    street: upper(32),
    city: upper(20),
    zip: fc.stringMatching(/^[0-9]{5}$/),
    residence: fc.constantFrom('', 'O', 'R'),
  })
  .map((r) => {
    const [opened, info] = r.opened <= r.info ? [r.opened, r.info] : [r.info, r.opened];
    const paid = r.status === '13' || r.status === '64';
    const balance = paid ? 0 : r.balance;
    const delinquent = ['71', '78', '80', '82', '83', '84', '97', '64'].includes(r.status);
    return {
      timeStamp: `${info}T23:59:59`,
      identificationNumber: 'PAYRAIL0001',
      consumerAccountNumber: r.account,
      portfolioType: 'I',
      accountType: '01',
      dateOpened: opened,
      creditLimit: 0,
      highestCredit: r.balance + 1,
      termsDuration: String(r.terms).padStart(3, '0'),
      termsFrequency: r.frequency,
      scheduledMonthlyPayment: r.scheduled,
      actualPayment: r.actual,
      accountStatus: r.status,
      paymentRating: r.status === '13' ? '0' : '',
      paymentHistoryProfile: (r.history.join('') + 'B'.repeat(24)).slice(0, 24),
      specialComment: '',
      complianceConditionCode: r.ccc,
      currentBalance: balance,
      amountPastDue: Math.floor((balance * r.pastDueShare) / 100),
      originalChargeOffAmount: r.status === '97' || r.status === '64' ? r.chargeOff : 0,
      dateOfAccountInformation: info,
      dateOfFirstDelinquency: delinquent ? opened : null,
      dateClosed: paid ? info : null,
      dateOfLastPayment: null,
      interestTypeIndicator: 'F',
      surname: r.surname,
      firstName: r.first,
      middleName: '',
      socialSecurityNumber: r.ssn,
      dateOfBirth: r.dob,
      telephoneNumber: r.phone,
      ecoaCode: '1',
      countryCode: 'US',
      firstLineOfAddress: r.street,
      secondLineOfAddress: '',
      city: r.city,
      state: 'DE',
      postalCode: r.zip,
      residenceCode: r.residence,
    } satisfies BaseValues;
  });

const header = (activity: IsoDate): HeaderValues => ({
  activityDate: activity,
  dateCreated: activity,
  reporterName: 'Payrail Servicing LLC',
  reporterAddress: '100 Demo Street, Wilmington DE 19801',
  reporterTelephoneNumber: '3025550100',
  equifaxProgramIdentifier: 'EFX0000001',
});

const uniqueAccounts = (bases: BaseValues[]) => bases.filter((b, i) => bases.findIndex((o) => o.consumerAccountNumber === b.consumerAccountNumber) === i);

/** What a written value reads back as (the writer's normalisation: absent → blank / zero / no date). */
function readBack(spec: (typeof BASE_LAYOUT)[number], v: unknown): unknown {
  if (spec.constant !== undefined && (v === undefined || v === null))
    return spec.type === 'N' ? (spec.digits ? spec.constant : Number(spec.constant)) : spec.constant;
  if (spec.type === 'N') return spec.digits ? (v === null || v === undefined ? '0'.repeat(spec.length) : String(v)) : ((v as number | null | undefined) ?? 0);
  if (spec.type === 'A') return v === null || v === undefined ? '' : String(v);
  return v ?? null;
}

describe('writer ↔ parser', () => {
  it('every record is exactly 426 characters; the file validates and every field reads back (random accounts)', () => {
    fc.assert(
      fc.property(fc.array(baseArb, { minLength: 0, maxLength: 12 }), (raw) => {
        const bases = uniqueAccounts(raw);
        const text = writeMetro2File(header(d('2030-12-31')), bases);
        const lines = text.slice(0, -1).split('\n');
        expect(lines).toHaveLength(bases.length + 2);
        for (const line of lines) expect(line).toHaveLength(426);
        const parsed = validateMetro2File(text);
        expect(parsed.problems).toEqual([]);
        expect(parsed.ok).toBe(true);
        parsed.bases.forEach((b, i) => {
          for (const spec of BASE_LAYOUT) expect(b[spec.key], spec.key).toEqual(readBack(spec, (bases[i] as Record<string, unknown>)[spec.key]));
        });
        expect(parsed.trailer).toMatchObject({ ...trailerTotals(bases), totalBaseRecords: bases.length, blockCount: bases.length + 2 });
        // Writing what was read gives the same text.
        const again = writeMetro2File(parsed.header!, parsed.bases);
        expect(again).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('the trailer counts each status, SSNs, dates of birth and telephones', () => {
    const sample = fc.sample(baseArb, { numRuns: 40, seed: 7 });
    const bases = uniqueAccounts(sample);
    const t = trailerTotals(bases);
    for (const code of ['11', '71', '78', '80', '82', '83', '84', '13', '97', '64'] as const) {
      expect(t[`totalStatus${code}`]).toBe(bases.filter((b) => b.accountStatus === code).length);
    }
    expect(t.totalSsnBase).toBe(bases.filter((b) => b.socialSecurityNumber !== null).length);
    expect(t.totalDobBase).toBe(bases.filter((b) => b.dateOfBirth !== null).length);
    expect(t.totalTelephoneAll).toBe(bases.filter((b) => b.telephoneNumber !== null).length);
    expect(t.totalJ1Segments + t.totalJ2Segments + t.totalK1Segments + t.totalK2Segments + t.totalK4Segments).toBe(0);
  });
});

describe('validator fails on a tampered file', () => {
  const bases = uniqueAccounts(fc.sample(baseArb, { numRuns: 6, seed: 42 }));
  const text = writeMetro2File(header(d('2030-12-31')), bases);
  const lines = text.slice(0, -1).split('\n');
  const rejoin = (ls: string[]) => `${ls.join('\n')}\n`;
  const replaceAt = (line: string, position: number, value: string) => line.slice(0, position - 1) + value + line.slice(position - 1 + value.length);
  const problemsOf = (t: string) => {
    const r = validateMetro2File(t);
    expect(r.ok).toBe(false);
    return r.problems.map((p) => `${p.line}:${p.field}`);
  };

  it('the untampered file passes', () => expect(validateMetro2File(text).ok).toBe(true));

  it('a changed total', () => {
    const ls = [...lines];
    const trailer = ls[ls.length - 1]!;
    ls[ls.length - 1] = replaceAt(trailer, 12, String(bases.length + 1).padStart(9, '0'));
    expect(problemsOf(rejoin(ls))).toContain(`${ls.length}:totalBaseRecords`);
  });

  it('a changed status count', () => {
    const ls = [...lines];
    ls[ls.length - 1] = replaceAt(ls[ls.length - 1]!, 84, '000000999');
    expect(problemsOf(rejoin(ls))).toContain(`${ls.length}:totalStatus11`);
  });

  it('a record of the wrong length', () => {
    const ls = [...lines];
    ls[1] = ls[1]!.slice(0, 425);
    expect(problemsOf(rejoin(ls))).toContain('2:record');
    const longer = [...lines];
    longer[1] = `${longer[1]!}J1`;
    expect(problemsOf(rejoin(longer))).toContain('2:record');
  });

  it('an invalid status code', () => {
    const ls = [...lines];
    ls[1] = replaceAt(ls[1]!, 124, '99');
    expect(problemsOf(rejoin(ls))).toContain('2:accountStatus');
  });

  it('a non-numeric amount', () => {
    const ls = [...lines];
    ls[1] = replaceAt(ls[1]!, 155, '0000012X4');
    expect(problemsOf(rejoin(ls))).toContain('2:currentBalance');
  });

  it('a bad history code, a missing header or trailer, a duplicate account', () => {
    const ls = [...lines];
    ls[1] = replaceAt(ls[1]!, 127, 'Z');
    expect(problemsOf(rejoin(ls))).toContain('2:paymentHistoryProfile');
    expect(problemsOf(rejoin(lines.slice(1)))).toContain('1:recordIdentifier');
    expect(problemsOf(rejoin(lines.slice(0, -1)))).toContain(`${lines.length - 1}:recordIdentifier`);
    expect(validateMetro2File('').ok).toBe(false);
    const dup = writeMetro2File(header(d('2030-12-31')), [bases[0]!, bases[0]!]);
    expect(problemsOf(dup)).toContain('3:consumerAccountNumber');
  });

  it('rules between fields: rating with status 13, charge-off amount with 97', () => {
    const b = bases[0]!;
    expect(
      problemsOf(
        writeMetro2File(header(d('2030-12-31')), [
          { ...b, accountStatus: '13', currentBalance: 0, amountPastDue: 0, dateClosed: b.dateOfAccountInformation, paymentRating: '' },
        ]),
      ),
    ).toContain('2:paymentRating');
    expect(
      problemsOf(
        writeMetro2File(header(d('2030-12-31')), [
          { ...b, accountStatus: '97', paymentRating: '', dateOfFirstDelinquency: b.dateOpened, originalChargeOffAmount: 0 },
        ]),
      ),
    ).toContain('2:originalChargeOffAmount');
  });

  it('the writer refuses a value that does not fit (never writes a bad record)', () => {
    expect(() => writeRecord(BASE_LAYOUT, { ...bases[0]!, currentBalance: 1_000_000_000 })).toThrow(Metro2FieldError);
    expect(ACCOUNT_STATUS_CODES).toContain('97');
  });
});

// ---------------------------------------------------------------------------------------------------
// Loans → base segments, from the schedule and ledger.

function loanSchedule(o: { disbursement?: string; first?: string; n?: number; amount?: number } = {}): LoanSchedule {
  return buildSchedule({
    amountCents: cents(o.amount ?? 120_050),
    originationFeeCents: cents(0),
    feeFinanced: false,
    annualRatePercent: '12',
    frequency: 'monthly',
    numberOfPayments: o.n ?? 12,
    disbursementDate: d(o.disbursement ?? '2027-01-04'),
    firstPaymentDate: d(o.first ?? '2027-02-04'),
  });
}

let nextId = 1;
function ledger(schedule: LoanSchedule, paidInstallments: number, extra: Omit<LedgerEntry, 'id'>[] = []): LedgerEntry[] {
  const out: LedgerEntry[] = [{ id: nextId++, kind: 'disbursement', effectiveDate: schedule.terms.disbursementDate, amountCents: schedule.disbursedCents }];
  for (let i = 0; i < paidInstallments; i++)
    out.push({ id: nextId++, kind: 'scheduled_debit', effectiveDate: schedule.dueDates[i]!, amountCents: schedule.rows[i]!.paymentCents });
  for (const e of extra) out.push({ id: nextId++, ...e });
  return out;
}

const consumer = {
  surname: 'Rivera',
  firstName: 'Ana',
  ssn: '012345678',
  dateOfBirth: d('1990-05-06'),
  telephone: '3025550123',
  addressLine1: '12 Main St',
  city: 'Dover',
  state: 'DE',
  postalCode: '19901',
  residence: 'rent' as const,
};
const facts = (schedule: LoanSchedule, entries: LedgerEntry[], more: Partial<LoanFacts> = {}): LoanFacts => ({
  accountNumber: '1234-56-7890',
  schedule,
  entries,
  refinanced: false,
  dispute: null,
  consumer,
  ...more,
});

describe('a loan reported month by month', () => {
  const schedule = loanSchedule();

  it('not reported before the month it was disbursed', () => {
    expect(furnishAccount(facts(schedule, ledger(schedule, 0)), '2026-12', FURNISHER)).toEqual({ include: false, reason: 'not_opened' });
  });

  it('paid on time: status 11, payment and balance in whole dollars, history 0 then B', () => {
    const f = furnishAccount(facts(schedule, ledger(schedule, 3)), '2027-04', FURNISHER);
    expect(f.include).toBe(true);
    if (!f.include) return;
    expect(f.values).toMatchObject({
      accountStatus: '11',
      paymentRating: '',
      paymentHistoryProfile: '000' + 'B'.repeat(21),
      portfolioType: 'I',
      accountType: '01',
      termsDuration: '012',
      termsFrequency: 'M',
      highestCredit: 1200,
      scheduledMonthlyPayment: wholeDollars(schedule.regularPaymentCents),
      actualPayment: wholeDollars(schedule.rows[2]!.paymentCents),
      dateOfLastPayment: '2027-04-04',
      dateOfFirstDelinquency: null,
      amountPastDue: 0,
      socialSecurityNumber: '012345678',
      residenceCode: 'R',
      complianceConditionCode: '',
    });
    expect(Number(f.values.currentBalance)).toBeGreaterThan(0);
  });

  it('missed payments: 30–59 → 71 with the first delinquency date, then 78, 80, 82 as the months pass', () => {
    const entries = ledger(schedule, 1); // paid Feb 4, missed Mar 4 onwards
    const at = (period: string) => {
      const f = furnishAccount(facts(schedule, entries), period, FURNISHER);
      if (!f.include) throw new Error('not included');
      return f;
    };
    expect(at('2027-03').values).toMatchObject({ accountStatus: '11', dateOfFirstDelinquency: null }); // 27 days on Mar 31
    expect(at('2027-04').values).toMatchObject({ accountStatus: '71', dateOfFirstDelinquency: '2027-03-04', paymentHistoryProfile: '000' + 'B'.repeat(21) });
    expect(at('2027-05').values).toMatchObject({ accountStatus: '78', paymentHistoryProfile: '1000' + 'B'.repeat(20) });
    expect(at('2027-06').values).toMatchObject({ accountStatus: '80', paymentHistoryProfile: '21000' + 'B'.repeat(19) });
    expect(at('2027-07').values).toMatchObject({ accountStatus: '82', paymentHistoryProfile: '321000' + 'B'.repeat(18), dateOfFirstDelinquency: '2027-03-04' });
    const april = at('2027-04').values;
    expect(Number(april.amountPastDue)).toBe(wholeDollars(schedule.rows[1]!.paymentCents + schedule.rows[2]!.paymentCents));
    expect(Number(april.actualPayment)).toBe(0);
  });

  it('paid off: 13 with rating and date closed in the month it closed, then no longer reported', () => {
    const s = loanSchedule({ n: 3 });
    const entries = ledger(s, 3);
    const june = furnishAccount(facts(s, entries), '2027-04', FURNISHER);
    expect(june.include && june.values).toMatchObject({
      accountStatus: '13',
      paymentRating: '0',
      currentBalance: 0,
      amountPastDue: 0,
      dateClosed: '2027-04-04',
      scheduledMonthlyPayment: 0,
    });
    expect(furnishAccount(facts(s, entries), '2027-05', FURNISHER)).toEqual({ include: false, reason: 'closed_before' });
    const refi = furnishAccount(facts(s, entries, { refinanced: true }), '2027-04', FURNISHER);
    expect(refi.include && refi.values.specialComment).toBe('AS');
  });

  it('charged off: 97 with the original charge-off amount, L in the history, then 64 once recovered', () => {
    const entries = ledger(schedule, 1, [
      { kind: 'charge_off', effectiveDate: d('2027-07-02'), amountCents: 100_000, reasonCode: 'principal' },
      { kind: 'charge_off', effectiveDate: d('2027-07-02'), amountCents: 2_345, reasonCode: 'interest' },
    ]);
    const aug = furnishAccount(facts(schedule, entries), '2027-08', FURNISHER);
    expect(aug.include && aug.values).toMatchObject({
      accountStatus: '97',
      originalChargeOffAmount: 1023,
      currentBalance: 1023,
      amountPastDue: 1023,
      dateClosed: '2027-07-02',
      dateOfFirstDelinquency: '2027-03-04',
      scheduledMonthlyPayment: 0,
    });
    expect(aug.include && String(aug.values.paymentHistoryProfile).slice(0, 6)).toBe('L32100');
    const recovered = [...entries, { id: nextId++, kind: 'recovery' as const, effectiveDate: d('2027-09-10'), amountCents: 102_345 }];
    const sep = furnishAccount(facts(schedule, recovered), '2027-09', FURNISHER);
    expect(sep.include && sep.values).toMatchObject({
      accountStatus: '64',
      originalChargeOffAmount: 1023,
      currentBalance: 0,
      amountPastDue: 0,
      dateOfLastPayment: '2027-09-10',
      actualPayment: 1023,
    });
    expect(furnishAccount(facts(schedule, recovered), '2027-10', FURNISHER)).toEqual({ include: false, reason: 'closed_before' });
  });

  it('a canceled loan (disbursement returned) is never reported', () => {
    const entries = ledger(schedule, 0);
    entries.push({ id: nextId++, kind: 'reversal', effectiveDate: d('2027-01-08'), amountCents: entries[0]!.amountCents, reversesEntryId: entries[0]!.id });
    expect(furnishAccount(facts(schedule, entries), '2027-01', FURNISHER)).toEqual({ include: false, reason: 'canceled' });
  });

  it('an account whose record would not pass (no address) is held back, with the reason', () => {
    const good = facts(schedule, ledger(schedule, 1));
    const bad = facts(schedule, ledger(schedule, 1), { accountNumber: '9999-99-9999', consumer: { ...consumer, addressLine1: '  ' } });
    const out = buildMetro2File('2027-02', d('2027-03-01'), FURNISHER, [good, bad]);
    expect(out.accounts.map((a) => a.accountNumber)).toEqual(['1234-56-7890']);
    expect(out.excluded).toEqual([{ accountNumber: '9999-99-9999', problems: ['First Line of Address is required'] }]);
    expect(validateMetro2File(out.text).ok).toBe(true);
  });

  it('a dispute is reported with its compliance condition code', () => {
    const f = furnishAccount(facts(schedule, ledger(schedule, 1), { dispute: 'open' }), '2027-02', FURNISHER);
    expect(f.include && f.values.complianceConditionCode).toBe('XB');
  });

  it('a whole file of random loans validates, with the trailer counting what it holds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            paid: fc.integer({ min: 0, max: 12 }),
            month: fc.integer({ min: 0, max: 20 }),
            start: fc.integer({ min: 0, max: 300 }),
            amount: fc.integer({ min: 10_000, max: 5_000_000 }),
          }),
          { maxLength: 8 },
        ),
        (loans) => {
          const list = loans.map((l, i) => {
            const disbursement = addDays(d('2026-01-01'), l.start);
            const first = addDays(disbursement, 30);
            const s = loanSchedule({ disbursement, first, amount: l.amount });
            return facts(s, ledger(s, l.paid), { accountNumber: `0000-00-${String(i).padStart(4, '0')}` });
          });
          const period = shiftPeriod('2027-12', -0);
          const out = buildMetro2File(period, makeIsoDate(2028, 1, 2), FURNISHER, list);
          const parsed = validateMetro2File(out.text);
          expect(parsed.problems).toEqual([]);
          expect(parsed.bases).toHaveLength(out.accounts.length);
          expect(out.totals.totalBaseRecords).toBe(out.accounts.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
