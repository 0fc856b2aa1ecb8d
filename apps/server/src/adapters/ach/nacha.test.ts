import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNachaFile, isValidRouting, RECORD_LENGTH } from './nacha';
import { createCryptoBox } from '../../lib/crypto-box';
import { nachaFileAch, openNachaSpoolFile } from './nacha-client';
import { sandboxAch } from './sandbox';

const file = () =>
  buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: '1234567890',
    originName: 'Payrail',
    odfiRouting: '034821624',
    createdAt: new Date('2026-12-01T15:04:00Z'),
    batches: [
      {
        secCode: 'PPD',
        companyName: 'Payrail',
        companyId: '1234567890',
        entryDescription: 'LOAN',
        effectiveDate: '2026-12-02',
        entries: [
          {
            transactionCode: '22',
            routing: '013176439',
            account: '000123456789',
            amountCents: 150_000,
            individualId: '1234-56-7890',
            individualName: 'Jordan Rivera',
          },
          {
            transactionCode: '32',
            routing: '034821624',
            account: '98765',
            amountCents: 2_501,
            individualId: '0001-02-0003',
            individualName: 'A Very Long Borrower Name Indeed',
          },
        ],
      },
    ],
  });

describe('NACHA file builder', () => {
  it('writes 94-character records in order 1, 5, 6, 6, 8, 9 and pads with nines to a block of ten', () => {
    const text = file();
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(10);
    for (const l of lines) expect(l).toHaveLength(RECORD_LENGTH);
    expect(lines.map((l) => l[0]).join('')).toBe('1566899999');
    for (const l of lines.slice(6)) expect(l).toBe('9'.repeat(94));
  });

  it('fills the file header fields at their positions', () => {
    const h = file().split('\r\n')[0]!;
    expect(h.slice(1, 3)).toBe('01');
    expect(h.slice(3, 13)).toBe(' 034821624');
    expect(h.slice(13, 23)).toBe('1234567890');
    expect(h.slice(23, 29)).toBe('261201');
    expect(h.slice(29, 33)).toBe('1504');
    expect(h.slice(33, 40)).toBe('A094101');
    expect(h.slice(40, 63)).toBe('HARBOR POINT BANK      ');
    expect(h.slice(63, 86)).toBe('PAYRAIL                ');
  });

  it('writes the batch header, entries, batch control and file control with counts, hash and totals', () => {
    const [, b, e1, e2, bc, fc] = file().split('\r\n') as [string, string, string, string, string, string];
    expect(b.slice(1, 4)).toBe('220');
    expect(b.slice(4, 20)).toBe('PAYRAIL         ');
    expect(b.slice(40, 50)).toBe('1234567890');
    expect(b.slice(50, 53)).toBe('PPD');
    expect(b.slice(53, 63)).toBe('LOAN      ');
    expect(b.slice(69, 75)).toBe('261202');
    expect(b.slice(78, 79)).toBe('1');
    expect(b.slice(79, 87)).toBe('03482162');
    expect(b.slice(87, 94)).toBe('0000001');

    expect(e1.slice(1, 3)).toBe('22');
    expect(e1.slice(3, 11)).toBe('01317643');
    expect(e1.slice(11, 12)).toBe('9');
    expect(e1.slice(12, 29)).toBe('000123456789     ');
    expect(e1.slice(29, 39)).toBe('0000150000');
    expect(e1.slice(39, 54)).toBe('1234-56-7890   ');
    expect(e1.slice(54, 76)).toBe('JORDAN RIVERA         ');
    expect(e1.slice(78, 79)).toBe('0');
    expect(e1.slice(79, 94)).toBe('034821620000001');
    expect(e2.slice(1, 3)).toBe('32');
    expect(e2.slice(54, 76)).toBe('A VERY LONG BORROWER N');
    expect(e2.slice(79, 94)).toBe('034821620000002');

    const hash = String(1317643 + 3482162).padStart(10, '0');
    expect(bc.slice(1, 4)).toBe('220');
    expect(bc.slice(4, 10)).toBe('000002');
    expect(bc.slice(10, 20)).toBe(hash);
    expect(bc.slice(20, 32)).toBe('000000000000');
    expect(bc.slice(32, 44)).toBe('000000152501');
    expect(bc.slice(44, 54)).toBe('1234567890');
    expect(bc.slice(79, 87)).toBe('03482162');
    expect(bc.slice(87, 94)).toBe('0000001');

    expect(fc.slice(1, 7)).toBe('000001');
    expect(fc.slice(7, 13)).toBe('000001');
    expect(fc.slice(13, 21)).toBe('00000002');
    expect(fc.slice(21, 31)).toBe(hash);
    expect(fc.slice(31, 43)).toBe('000000000000');
    expect(fc.slice(43, 55)).toBe('000000152501');
    expect(fc.slice(55)).toBe(' '.repeat(39));
  });

  it('refuses amounts that are not positive cents and checks ABA routing numbers', () => {
    expect(() =>
      buildNachaFile({
        immediateDestination: '034821624',
        destinationName: 'X',
        immediateOrigin: '1234567890',
        originName: 'Y',
        odfiRouting: '034821624',
        createdAt: new Date(),
        batches: [
          {
            secCode: 'CCD',
            companyName: 'P',
            companyId: '1',
            entryDescription: 'LOAN',
            effectiveDate: '2026-12-02',
            entries: [{ transactionCode: '22', routing: '013176439', account: '1', amountCents: 0, individualId: '', individualName: '' }],
          },
        ],
      }),
    ).toThrow(RangeError);
    expect(isValidRouting('013176439')).toBe(true);
    expect(isValidRouting('013176438')).toBe(false);
  });
});

describe('ACH adapters', () => {
  it('the simulator settles after N business days (Federal Reserve calendar) and is stable per key', async () => {
    let now = new Date('2026-12-24T15:00:00Z'); // Thursday; Dec 25 is a holiday
    const ach = sandboxAch(1, () => now);
    const a = await ach.originateCredit({ amountCents: 100, routing: '013176439', account: '123456', name: 'J R', idempotencyKey: 'key-00000001' });
    expect(await ach.originateCredit({ amountCents: 100, routing: '013176439', account: '123456', name: 'J R', idempotencyKey: 'key-00000001' })).toEqual(a);
    expect(a.status).toBe('pending');
    now = new Date('2026-12-25T15:00:00Z');
    expect(await ach.status(a.traceId)).toBe('pending');
    now = new Date('2026-12-28T15:00:00Z'); // Monday: the next business day after the 24th
    expect(await ach.status(a.traceId)).toBe('settled');
    const r = await ach.originateCredit({ amountCents: 100, routing: '013176439', account: '10000', name: 'J R', idempotencyKey: 'key-00000002' });
    expect(await ach.status(r.traceId)).toBe('pending');
    now = new Date('2026-12-30T15:00:00Z');
    expect(await ach.status(r.traceId)).toBe('returned');
  });

  it('the NACHA client writes one sealed file per idempotency key; the account number never rests in clear', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-nacha-'));
    const box = createCryptoBox(new Uint8Array(32).fill(7));
    try {
      const ach = nachaFileAch(
        { dir, odfiRoutingNumber: '034821624', companyName: 'PAYRAIL', companyId: '1234567890' },
        () => new Date('2026-12-01T15:00:00Z'),
        async () => box,
      );
      const credit = { amountCents: 150_000, routing: '013176439', account: '000123456789', name: 'Jordan Rivera', idempotencyKey: 'fund-abcdef01' };
      const a = await ach.originateCredit(credit);
      const b = await ach.originateCredit(credit);
      expect(b).toEqual(a);
      const files = fs.readdirSync(dir);
      expect(files).toEqual([`${a.traceId}.ach.sealed`]);
      expect(fs.readFileSync(path.join(dir, files[0]!)).includes(Buffer.from('000123456789'))).toBe(false);
      // Renamed, it does not open: the file name is the sealed bytes' associated data.
      fs.copyFileSync(path.join(dir, files[0]!), path.join(dir, 'other.ach.sealed'));
      expect(() => openNachaSpoolFile(box, path.join(dir, 'other.ach.sealed'))).toThrow();
      const opened = openNachaSpoolFile(box, path.join(dir, files[0]!));
      expect(opened).toContain('000123456789');
      const lines = opened.trimEnd().split('\r\n');
      expect(lines.map((l) => l[0]).join('')).toBe('1568999999');
      // Without a reserved trace number the entry is numbered by its place in the file…
      expect(lines[2]!.slice(79)).toBe('034821620000001');
      expect(await ach.status(a.traceId)).toBe('pending');
      // …with one (a disbursement's), the entry carries it: what the bank's return of the credit quotes.
      const c = await ach.originateCredit({ ...credit, idempotencyKey: 'fund-abcdef02', traceNumber: '034821620004242' });
      expect(
        openNachaSpoolFile(box, path.join(dir, `${c.traceId}.ach.sealed`))
          .split('\r\n')[2]!
          .slice(79),
      ).toBe('034821620004242');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
