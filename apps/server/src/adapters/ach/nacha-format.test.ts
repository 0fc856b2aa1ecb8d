import { describe, expect, it } from 'vitest';
import { buildNachaFile } from './nacha';
import type { NachaEntry } from './nacha';
import { nachaFileFormat } from './nacha-format';

/** The ACH port's file format as use cases get it (`ctx.providers.achFiles`): records in servicing's terms, never NACHA text. */
const format = nachaFileFormat('034821624');

const entry = (over: Partial<NachaEntry>): NachaEntry => ({
  transactionCode: '26',
  routing: '034821624',
  account: '000123456789',
  amountCents: 0,
  individualId: 'PR-000042',
  individualName: 'Jordan Rivera',
  ...over,
});
const noc = (changeCode: string, correctedData: string, trace: string): NachaEntry =>
  entry({ traceNumber: trace, correctionAddenda: { changeCode, originalTrace: '034821620000042', originalRdfi: '09100001', correctedData } });

const file = (batches: { secCode: 'WEB' | 'COR'; entries: NachaEntry[] }[]) =>
  buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: '091000019',
    originName: 'RDFI',
    odfiRouting: '091000019',
    createdAt: new Date('2026-11-27T10:00:00Z'),
    batches: batches.map((b) => ({ ...b, companyName: 'Payrail', companyId: '1234567890', entryDescription: 'LOAN PYMT', effectiveDate: '2026-11-27' })),
  });

describe('nachaFileFormat (the ACH port’s AchFileFormat)', () => {
  it('numbers our entries: the ODFI routing’s first eight digits + a seven-digit sequence; beyond seven digits it throws', () => {
    expect(format.traceNumber(42)).toBe('034821620000042');
    expect(nachaFileFormat('091000019').traceNumber(9_999_999)).toBe('091000019999999');
    expect(() => format.traceNumber(10_000_000)).toThrow(RangeError);
  });

  it('reads returns as records and corrections with their change read by code (reason, account fix) or null', () => {
    const text = file([
      {
        secCode: 'WEB',
        entries: [
          entry({
            amountCents: 12_345,
            traceNumber: '091000010000001',
            returnAddenda: { code: 'R01', originalTrace: '034821620000042', originalRdfi: '09100001', information: 'NSF' },
          }),
        ],
      },
      {
        secCode: 'COR',
        entries: [
          noc('C01', '987654321', '091000010000002'),
          noc('C02', 'NOT-A-ROUTING', '091000010000003'),
          noc('C09', 'WHATEVER', '091000010000004'),
          noc('C05', '37', '091000010000005'),
        ],
      },
    ]);
    const read = format.readReturnFile(text);
    if (!read.ok) throw new Error(read.message);
    expect(read.createdOn).toBe('2026-11-27');
    expect(read.returns).toMatchObject([{ code: 'R01', originalTrace: '034821620000042', transactionCode: '26', amountCents: 12_345, line: 3 }]);
    expect(read.corrections.map((c) => [c.changeCode, c.changeReason, c.accountCorrection])).toEqual([
      ['C01', 'Incorrect account number', { routing: null, account: '987654321', accountType: null }],
      ['C02', 'Incorrect routing number', null],
      ['C09', null, null],
      ['C05', 'Incorrect transaction code', { routing: null, account: null, accountType: 'savings' }],
    ]);
  });

  it('a file that does not read is an answer with the line and the message, not a throw', () => {
    const text = file([
      {
        secCode: 'WEB',
        entries: [
          entry({ amountCents: 1, traceNumber: '091000010000001', returnAddenda: { code: 'R01', originalTrace: '034821620000042', originalRdfi: '09100001' } }),
        ],
      },
    ]);
    const broken = text.replace('R01', 'R99');
    expect(format.readReturnFile(broken)).toEqual({ ok: false, line: 4, message: 'NACHA return file, line 4: return reason code "R99" is not R01…R85' });
    expect(format.readReturnFile('')).toEqual({ ok: false, line: 0, message: 'NACHA return file: the file is empty' });
  });
});
