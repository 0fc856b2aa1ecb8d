import { describe, expect, it } from 'vitest';
import { buildNachaFile, RECORD_LENGTH } from './nacha';
import type { NachaEntry } from './nacha';
import { accountCorrectionOf, NachaParseError, parseNachaReturnFile } from './nacha-returns';

const returnEntry = (over: Partial<NachaEntry> = {}): NachaEntry => ({
  transactionCode: '26',
  routing: '034821624', // the return goes back to our ODFI
  account: '000123456789',
  amountCents: 12_345,
  individualId: 'PR-000042',
  individualName: 'Jordan Rivera',
  traceNumber: '091000010000001',
  returnAddenda: { code: 'R01', originalTrace: '034821620000042', originalRdfi: '09100001', information: 'NSF' },
  ...over,
});

const returnFile = (entries: NachaEntry[], secCode: 'WEB' | 'PPD' = 'WEB') =>
  buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: '091000019',
    originName: 'RDFI',
    odfiRouting: '091000019',
    createdAt: new Date('2026-11-27T10:00:00Z'),
    batches: [{ secCode, companyName: 'Payrail', companyId: '1234567890', entryDescription: 'LOAN PYMT', effectiveDate: '2026-11-27', entries }],
  });

const lines = (text: string) => text.split('\r\n').filter(Boolean);
const parseError = (text: string): NachaParseError => {
  try {
    parseNachaReturnFile(text);
  } catch (e) {
    if (e instanceof NachaParseError) return e;
    throw e;
  }
  throw new Error('the file parsed');
};

describe('NACHA return file parser', () => {
  it('reads return entries with their addenda 99 (built by the NACHA builder)', () => {
    const text = returnFile([
      returnEntry(),
      returnEntry({
        transactionCode: '36',
        amountCents: 5_000,
        traceNumber: '091000010000002',
        individualName: 'Sam Lee',
        returnAddenda: { code: 'R15', originalTrace: '034821620000043', dateOfDeath: '2026-11-02', originalRdfi: '01100001' },
      }),
    ]);
    const file = parseNachaReturnFile(text);
    expect(file.createdOn).toBe('2026-11-27');
    expect(file.immediateDestination).toBe('034821624');
    expect(file.returns).toEqual([
      {
        code: 'R01',
        originalTrace: '034821620000042',
        dateOfDeath: null,
        originalRdfi: '09100001',
        transactionCode: '26',
        amountCents: 12_345,
        individualId: 'PR-000042',
        individualName: 'JORDAN RIVERA',
        traceNumber: '091000010000001',
        addendaInformation: 'NSF',
        effectiveDate: '2026-11-27',
        secCode: 'WEB',
        line: 3,
      },
      expect.objectContaining({
        code: 'R15',
        originalTrace: '034821620000043',
        dateOfDeath: '2026-11-02',
        originalRdfi: '01100001',
        transactionCode: '36',
        amountCents: 5_000,
        line: 5,
      }),
    ]);
    // Entry/addenda count includes the addenda records; both are in the debit family (26/36).
    const control = lines(text)[6]!;
    expect(control.slice(4, 10)).toBe('000004');
    expect(control.slice(20, 32)).toBe('000000017345');
  });

  it('accepts LF line endings and a file without filler', () => {
    const text = lines(returnFile([returnEntry()]))
      .filter((l) => l !== '9'.repeat(RECORD_LENGTH))
      .join('\n');
    expect(parseNachaReturnFile(text).returns).toHaveLength(1);
  });

  it('reads a hand-written return entry', () => {
    const header = [
      '1',
      '01',
      ' 034821624',
      ' 091000019',
      '261127',
      '1000',
      'A',
      '094',
      '10',
      '1',
      'HARBOR POINT BANK'.padEnd(23),
      'RDFI'.padEnd(23),
      ' '.repeat(8),
    ].join('');
    const batch = [
      '5',
      '225',
      'PAYRAIL'.padEnd(16),
      ' '.repeat(20),
      '1234567890',
      'WEB',
      'LOAN PYMT'.padEnd(10),
      ' '.repeat(6),
      '261127',
      '   ',
      '1',
      '09100001',
      '0000001',
    ].join('');
    const entry = [
      '6',
      '26',
      '03482162',
      '4',
      '000123456789'.padEnd(17),
      '0000012345',
      'PR-000042'.padEnd(15),
      'JORDAN RIVERA'.padEnd(22),
      '  ',
      '1',
      '091000010000009',
    ].join('');
    const addenda = ['7', '99', 'R03', '034821620000077', ' '.repeat(6), '09100001', 'NO ACCOUNT'.padEnd(44), '091000010000009'].join('');
    const batchControl = [
      '8',
      '225',
      '000002',
      '0003482162',
      '000000012345',
      '000000000000',
      '1234567890',
      ' '.repeat(19),
      ' '.repeat(6),
      '09100001',
      '0000001',
    ].join('');
    const fileControl = ['9', '000001', '000001', '00000002', '0003482162', '000000012345', '000000000000', ' '.repeat(39)].join('');
    for (const l of [header, batch, entry, addenda, batchControl, fileControl]) expect(l).toHaveLength(94);
    const [r] = parseNachaReturnFile([header, batch, entry, addenda, batchControl, fileControl].join('\r\n')).returns;
    expect(r).toMatchObject({
      code: 'R03',
      originalTrace: '034821620000077',
      amountCents: 12_345,
      addendaInformation: 'NO ACCOUNT',
      traceNumber: '091000010000009',
    });
  });

  it('refuses a malformed file with the line and the reason', () => {
    const good = lines(returnFile([returnEntry()]));
    const withLine = (i: number, l: string) => good.map((x, j) => (j === i ? l : x)).join('\r\n');
    expect(parseError('').message).toBe('NACHA return file: the file is empty');
    expect(parseError(withLine(2, good[2]!.slice(0, 90))).message).toBe('NACHA return file, line 3: a record must be 94 characters (found 90)');
    expect(parseError(good.slice(1).join('\r\n')).message).toMatch(/line 1: the file must start with a file header record/);
    // An amount changed: the batch control no longer adds up.
    expect(parseError(withLine(2, good[2]!.slice(0, 29) + '0000012346' + good[2]!.slice(39))).message).toBe(
      'NACHA return file, line 5: batch 1 total debit amount is 12345, the entries add up to 12346',
    );
    // Not a return reason code.
    expect(parseError(withLine(3, good[3]!.slice(0, 3) + 'X01' + good[3]!.slice(6))).message).toMatch(/line 4: return reason code "X01" is not R01…R85/);
    expect(parseError(withLine(3, good[3]!.slice(0, 3) + 'R86' + good[3]!.slice(6))).message).toMatch(/is not R01…R85/);
    // A notification of change (98) is not a return.
    expect(parseError(withLine(3, '798' + good[3]!.slice(3))).message).toMatch(/line 4: addenda type 98 is not a return \(99\)/);
    // A forward debit entry is not a return.
    expect(parseError(withLine(2, '627' + good[2]!.slice(3))).message).toMatch(/line 3: transaction code 27 is not a return entry/);
    // The entry without its addenda.
    expect(parseError(good.filter((_, j) => j !== 3).join('\r\n')).message).toMatch(/line 4: the return entry on line 3 has no addenda record/);
    // Missing file control.
    expect(parseError(good.slice(0, 5).join('\r\n')).message).toMatch(/no file control record/);
    // The file control's hash does not add up.
    const fc = good[5]!;
    expect(parseError(withLine(5, fc.slice(0, 21) + '0000000001' + fc.slice(31))).message).toMatch(
      /line 6: file control entry hash is 1, the file holds 3482162/,
    );
    // Anything after the file control but filler.
    expect(parseError([...good.slice(0, 6), good[2]!].join('\r\n')).message).toMatch(/line 7: only filler records/);
    // Unknown record type.
    expect(parseError(withLine(2, 'X' + good[2]!.slice(1))).message).toMatch(/line 3: unknown record type "X"/);
  });

  it('checks the batch count and block count of the file control', () => {
    const good = lines(returnFile([returnEntry()]));
    const fc = good[5]!;
    expect(parseError(good.map((x, j) => (j === 5 ? fc.slice(0, 1) + '000002' + fc.slice(7) : x)).join('\r\n')).message).toMatch(
      /batch count is 2, the file holds 1/,
    );
    expect(parseError(good.map((x, j) => (j === 5 ? fc.slice(0, 7) + '000003' + fc.slice(13) : x)).join('\r\n')).message).toMatch(
      /block count is 3, the file holds 1/,
    );
  });
});

describe('notifications of change (COR entries, addenda 98)', () => {
  const nocEntry = (over: Partial<NachaEntry> = {}): NachaEntry => ({
    transactionCode: '26',
    routing: '034821624',
    account: '000123456789',
    amountCents: 0,
    individualId: 'PR-000042',
    individualName: 'Jordan Rivera',
    traceNumber: '091000010000005',
    correctionAddenda: { changeCode: 'C01', originalTrace: '034821620000042', originalRdfi: '09100001', correctedData: '987654321' },
    ...over,
  });
  const fileWith = (batches: { secCode: 'WEB' | 'COR'; entries: NachaEntry[] }[]) =>
    buildNachaFile({
      immediateDestination: '034821624',
      destinationName: 'Harbor Point Bank',
      immediateOrigin: '091000019',
      originName: 'RDFI',
      odfiRouting: '091000019',
      createdAt: new Date('2026-11-27T10:00:00Z'),
      batches: batches.map((b) => ({ ...b, companyName: 'Payrail', companyId: '1234567890', entryDescription: 'LOAN PYMT', effectiveDate: '2026-11-27' })),
    });

  it('reads a COR batch beside a return batch: the corrections apart from the returns', () => {
    const file = parseNachaReturnFile(
      fileWith([
        { secCode: 'WEB', entries: [returnEntry()] },
        { secCode: 'COR', entries: [nocEntry()] },
      ]),
    );
    expect(file.returns).toHaveLength(1);
    expect(file.corrections).toEqual([
      {
        changeCode: 'C01',
        originalTrace: '034821620000042',
        originalRdfi: '09100001',
        correctedData: '987654321',
        transactionCode: '26',
        individualId: 'PR-000042',
        individualName: 'JORDAN RIVERA',
        traceNumber: '091000010000005',
        line: expect.any(Number),
      },
    ]);
  });

  it('refuses a COR entry with an amount, a return addenda in a COR batch and an unknown change code', () => {
    const withAmount = lines(fileWith([{ secCode: 'COR', entries: [nocEntry()] }]));
    const entry = withAmount.findIndex((l) => l.startsWith('6'));
    withAmount[entry] = withAmount[entry]!.slice(0, 29) + '0000000100' + withAmount[entry]!.slice(39);
    expect(parseError(withAmount.join('\r\n')).reason).toBe('a notification of change (COR) must have a zero amount');
    const as99 = lines(fileWith([{ secCode: 'COR', entries: [nocEntry()] }]));
    const addenda = as99.findIndex((l) => l.startsWith('798'));
    as99[addenda] = '799' + as99[addenda]!.slice(3);
    expect(parseError(as99.join('\r\n')).reason).toBe('addenda type 99 is not a notification of change (98)');
    const badCode = lines(
      fileWith([
        {
          secCode: 'COR',
          entries: [nocEntry({ correctionAddenda: { changeCode: 'C99', originalTrace: '034821620000042', originalRdfi: '09100001', correctedData: '1' } })],
        },
      ]),
    );
    expect(parseError(badCode.join('\r\n')).reason).toBe('change code "C99" is not C01…C14');
  });

  it('reads the corrected data of each applied change code by its NACHA layout', () => {
    expect(accountCorrectionOf('C01', '987654321')).toEqual({ routing: null, account: '987654321', accountType: null });
    expect(accountCorrectionOf('C02', '011000015')).toEqual({ routing: '011000015', account: null, accountType: null });
    expect(accountCorrectionOf('C03', '011000015   987654321')).toEqual({ routing: '011000015', account: '987654321', accountType: null });
    expect(accountCorrectionOf('C05', '37')).toEqual({ routing: null, account: null, accountType: 'savings' });
    expect(accountCorrectionOf('C06', '987654321           27')).toEqual({ routing: null, account: '987654321', accountType: 'checking' });
    expect(accountCorrectionOf('C07', '0110000159876543210000000037')).toEqual({ routing: '011000015', account: '98765432100000000', accountType: 'savings' });
    // Not applied, or not as the layout says.
    expect(accountCorrectionOf('C09', 'PR-1')).toBeNull();
    expect(accountCorrectionOf('C02', '01100')).toBeNull();
    expect(accountCorrectionOf('C05', 'XX')).toBeNull();
  });
});
