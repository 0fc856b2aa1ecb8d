import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCryptoBox } from '../../lib/crypto-box';
import { buildNachaFile, RECORD_LENGTH, serviceClassCode } from './nacha';
import { nachaFileAchDebits } from './nacha-debit-client';
import { openNachaSpoolFile, SEALED_SPOOL_SUFFIX } from './nacha-spool';
import type { AchDebit } from './port';
import { SANDBOX_DEBIT_RETURNS, sandboxAchDebits, sandboxDebitReturn } from './sandbox';

const debit = (over: Partial<AchDebit> = {}): AchDebit => ({
  amountCents: 12_345,
  routing: '034821624',
  account: '000123456789',
  accountType: 'checking',
  name: 'Jordan Rivera',
  individualId: '1234-56-7890',
  secCode: 'WEB',
  description: 'LOAN PYMT',
  effectiveDate: '2026-11-25',
  representment: 0,
  traceNumber: '034821620000042',
  idempotencyKey: 'debit-1',
  ...over,
});

describe('NACHA debit entries', () => {
  const text = buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: '1234567890',
    originName: 'Payrail',
    odfiRouting: '034821624',
    createdAt: new Date('2026-11-25T10:00:00Z'),
    batches: [
      {
        secCode: 'WEB',
        companyName: 'Payrail',
        companyId: '1234567890',
        entryDescription: 'LOAN PYMT',
        effectiveDate: '2026-11-25',
        entries: [
          { transactionCode: '27', routing: '013176439', account: '111', amountCents: 10_000, individualId: 'A', individualName: 'A', paymentType: 'S' },
          { transactionCode: '37', routing: '034821624', account: '222', amountCents: 505, individualId: 'B', individualName: 'B', paymentType: 'S' },
        ],
      },
    ],
  });
  const [fh, b, e1, e2, bc, fc] = text.split('\r\n') as [string, string, string, string, string, string];
  it('uses service class 225, SEC WEB, codes 27/37 and the WEB payment type', () => {
    expect(fh[0]).toBe('1');
    expect(b.slice(1, 4)).toBe('225');
    expect(b.slice(50, 53)).toBe('WEB');
    expect(e1.slice(1, 3)).toBe('27');
    expect(e2.slice(1, 3)).toBe('37');
    expect(e1.slice(76, 78)).toBe('S ');
  });
  it('totals debits in the debit fields of the batch and file controls, credits zero', () => {
    expect(bc.slice(1, 4)).toBe('225');
    expect(bc.slice(20, 32)).toBe('000000010505');
    expect(bc.slice(32, 44)).toBe('000000000000');
    expect(fc.slice(31, 43)).toBe('000000010505');
    expect(fc.slice(43, 55)).toBe('000000000000');
  });
  it('mixes to service class 200', () => {
    expect(
      serviceClassCode([
        { transactionCode: '22', routing: '', account: '', amountCents: 1, individualId: '', individualName: '' },
        { transactionCode: '27', routing: '', account: '', amountCents: 1, individualId: '', individualName: '' },
      ]),
    ).toBe('200');
  });
});

describe('sandbox debits', () => {
  const sbx = sandboxAchDebits(2);
  it('settles a good account after the return window, on the business calendar', async () => {
    const { traceId } = await sbx.originateDebit(debit());
    expect((await sbx.originateDebit(debit())).traceId).toBe(traceId); // idempotent
    expect(await sbx.outcome(traceId, '2026-11-27')).toEqual({ status: 'pending' });
    expect(await sbx.outcome(traceId, '2026-11-30')).toEqual({ status: 'settled' });
  });
  it.each(Object.entries(SANDBOX_DEBIT_RETURNS))('account ending %s returns %s one business day later', async (suffix, code) => {
    const { traceId } = await sbx.originateDebit(debit({ account: `98765${suffix}`, idempotencyKey: `k-${suffix}` }));
    expect(await sbx.outcome(traceId, '2026-11-25')).toEqual({ status: 'pending' });
    expect(await sbx.outcome(traceId, '2026-11-27')).toEqual({ status: 'returned', code, returnedOn: '2026-11-27' }); // Thanksgiving skipped
  });
  it('0101 returns R01 first, then settles when re-presented', async () => {
    expect(sandboxDebitReturn('55550101', 0)).toBe('R01');
    expect(sandboxDebitReturn('55550101', 1)).toBeNull();
  });
  it('refuses a foreign trace id', async () => {
    await expect(sbx.outcome('NOPE', '2026-11-25')).rejects.toThrow();
  });
});

describe('NACHA debit client', () => {
  const box = createCryptoBox(new Uint8Array(32).fill(9));
  const cfg = (dir: string) => ({ dir, odfiRoutingNumber: '034821624', companyName: 'Payrail', companyId: '1234567890' });
  const withDir = async (run: (dir: string) => Promise<void>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nacha-debit-'));
    try {
      await run(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('writes one sealed file per key and settles after the window', () =>
    withDir(async (dir) => {
      const client = nachaFileAchDebits(
        cfg(dir),
        2,
        () => new Date('2026-11-25T10:00:00Z'),
        async () => box,
      );
      const a = await client.originateDebit(debit({ secCode: 'PPD', accountType: 'savings' }));
      const b = await client.originateDebit(debit({ secCode: 'PPD', accountType: 'savings' }));
      expect(a).toEqual(b);
      expect(fs.readdirSync(dir)).toEqual([`${a.traceId}${SEALED_SPOOL_SUFFIX}`]);
      const lines = openNachaSpoolFile(box, path.join(dir, `${a.traceId}${SEALED_SPOOL_SUFFIX}`)).split('\r\n');
      expect(lines[1]!.slice(50, 53)).toBe('PPD');
      expect(lines[2]!.slice(1, 3)).toBe('37');
      expect(lines[2]!.slice(79, 94)).toBe('034821620000042'); // the trace number servicing assigned
      expect(await client.outcome(a.traceId, '2026-11-27')).toEqual({ status: 'pending' });
      expect(await client.outcome(a.traceId, '2026-11-30')).toEqual({ status: 'settled' });
    }));

  it('never rests a debit file in clear: no bank numbers or name on disk, owner-only, a renamed file does not open, the opened file is a valid NACHA file', () =>
    withDir(async (dir) => {
      const client = nachaFileAchDebits(
        cfg(dir),
        2,
        () => new Date('2026-11-25T10:00:00Z'),
        async () => box,
      );
      const d = debit({ routing: '013176439', account: '987654321012', name: 'Jordan Rivera', amountCents: 34_002 });
      const { traceId } = await client.originateDebit(d);
      const files = fs.readdirSync(dir);
      expect(files).toEqual([`${traceId}.ach.sealed`]); // no clear `.ach`, no temporary file left
      const file = path.join(dir, files[0]!);
      if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const bytes = fs.readFileSync(file);
      for (const clear of ['987654321012', '01317643', '034821624', 'JORDAN RIVERA', '034821620000042', '0000034002', '101 034821624', '5225PAYRAIL']) {
        expect(bytes.includes(Buffer.from(clear, 'ascii')), clear).toBe(false);
      }

      // The file name is the associated data: copied or renamed, it does not open; another key does not open it either.
      fs.copyFileSync(file, path.join(dir, `NACHA-D-20261125-OTHER${SEALED_SPOOL_SUFFIX}`));
      expect(() => openNachaSpoolFile(box, path.join(dir, `NACHA-D-20261125-OTHER${SEALED_SPOOL_SUFFIX}`))).toThrow();
      expect(() => openNachaSpoolFile(createCryptoBox(new Uint8Array(32).fill(1)), file)).toThrow();
      // Changed by one byte, it does not open.
      const tampered = Buffer.from(bytes);
      tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
      fs.writeFileSync(file, tampered);
      expect(() => openNachaSpoolFile(box, file)).toThrow();
      fs.writeFileSync(file, bytes);

      const text = openNachaSpoolFile(box, file);
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.trimEnd().split('\r\n');
      expect(lines).toHaveLength(10);
      for (const l of lines) expect(l).toHaveLength(RECORD_LENGTH);
      expect(lines.map((l) => l[0]).join('')).toBe('1568999999');
      const [, bh, entry, bc, fc] = lines as [string, string, string, string, string];
      expect(bh.slice(1, 4)).toBe('225'); // debits only
      expect(bh.slice(50, 53)).toBe('WEB');
      expect(entry.slice(1, 3)).toBe('27');
      expect(entry.slice(3, 12)).toBe('013176439');
      expect(entry.slice(12, 29)).toBe('987654321012     ');
      expect(entry.slice(29, 39)).toBe('0000034002');
      expect(entry.slice(54, 76)).toBe('JORDAN RIVERA         ');
      expect(entry.slice(79, 94)).toBe('034821620000042');
      expect(bc.slice(4, 10)).toBe('000001');
      expect(bc.slice(10, 20)).toBe('0001317643'); // entry hash: the receiving DFI's first eight digits
      expect(bc.slice(20, 32)).toBe('000000034002');
      expect(fc.slice(31, 43)).toBe('000000034002');
      // Exactly what the builder writes for this debit (the sealed bytes are the file, nothing else).
      expect(text).toBe(
        buildNachaFile({
          immediateDestination: '034821624',
          destinationName: 'ODFI',
          immediateOrigin: '1234567890',
          originName: 'Payrail',
          odfiRouting: '034821624',
          createdAt: new Date('2026-11-25T10:00:00Z'),
          batches: [
            {
              secCode: 'WEB',
              companyName: 'Payrail',
              companyId: '1234567890',
              entryDescription: 'LOAN PYMT',
              effectiveDate: '2026-11-25',
              entries: [
                {
                  transactionCode: '27',
                  routing: '013176439',
                  account: '987654321012',
                  amountCents: 34_002,
                  individualId: '1234-56-7890',
                  individualName: 'Jordan Rivera',
                  paymentType: 'S',
                  traceNumber: '034821620000042',
                },
              ],
            },
          ],
        }),
      );
    }));
});
