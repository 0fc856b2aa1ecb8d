import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createCryptoBox } from '../../lib/crypto-box';
import type { PlatformRepository } from '../../modules/platform/repository';
import { createProviders } from '../create-providers';
import { openNachaSpoolFile, SEALED_SPOOL_SUFFIX, writeSealedNachaFile } from './nacha-spool';

const KEY = new Uint8Array(32).fill(5);
const box = createCryptoBox(KEY);
const ACCOUNT = '000555666777';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nacha-spool-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('NACHA spool (sealed at rest)', () => {
  it('writes a file once per trace id, owner-only, and does not ask for the key again for a retry', async () => {
    let asked = 0;
    const keyOnce = async () => {
      asked += 1;
      return box;
    };
    const file = await writeSealedNachaFile(path.join(dir, 'ach'), 'NACHA-X', `FIRST ${ACCOUNT}`, keyOnce);
    expect(file).toBe(path.join(dir, 'ach', `NACHA-X${SEALED_SPOOL_SUFFIX}`));
    const bytes = fs.readFileSync(file);
    expect(await writeSealedNachaFile(path.join(dir, 'ach'), 'NACHA-X', `SECOND ${ACCOUNT}`, keyOnce)).toBe(file);
    expect(asked).toBe(1);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(openNachaSpoolFile(box, file)).toBe(`FIRST ${ACCOUNT}`);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(dir, 'ach'))).toEqual([`NACHA-X${SEALED_SPOOL_SUFFIX}`]);
  });

  it('seals a clear `<trace>.ach` left by an earlier release in its place (its own bytes) and removes the clear copy', async () => {
    fs.writeFileSync(path.join(dir, 'NACHA-D-20261125-ABC.ach'), `LEGACY ${ACCOUNT}`, { mode: 0o600 });
    const file = await writeSealedNachaFile(dir, 'NACHA-D-20261125-ABC', `REBUILT ${ACCOUNT}`, async () => box);
    expect(fs.readdirSync(dir)).toEqual([`NACHA-D-20261125-ABC${SEALED_SPOOL_SUFFIX}`]);
    expect(fs.readFileSync(file).includes(Buffer.from(ACCOUNT))).toBe(false);
    expect(openNachaSpoolFile(box, file)).toBe(`LEGACY ${ACCOUNT}`);
  });

  it('leaves nothing in clear when the key cannot be had (no file at all rather than a clear one)', async () => {
    await expect(
      writeSealedNachaFile(dir, 'NACHA-Y', ACCOUNT, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a nacha install (ACH_PROVIDER=nacha)', () => {
  it('writes every NACHA file — disbursement credit and loan-payment debit — sealed under the install key in DATA_DIR/ach', async () => {
    const config = loadConfig({ NODE_ENV: 'development', ACH_PROVIDER: 'nacha', DATA_DIR: dir, ENCRYPTION_KEY: Buffer.from(KEY).toString('base64') });
    expect(config.ach.nachaDir).toBe(path.join(dir, 'ach'));
    const providers = createProviders(config, {} as PlatformRepository, {
      secret: async () => {
        throw new Error('the install key comes from ENCRYPTION_KEY');
      },
      now: () => new Date('2026-11-25T10:00:00Z'),
    });
    const credit = await providers.ach.originateCredit({
      amountCents: 150_000,
      routing: '013176439',
      account: ACCOUNT,
      name: 'Jordan Rivera',
      idempotencyKey: 'fund-1',
    });
    const debit = await providers.achDebits.originateDebit({
      amountCents: 12_345,
      routing: '013176439',
      account: ACCOUNT,
      accountType: 'checking',
      name: 'Jordan Rivera',
      individualId: 'PR-000001',
      secCode: 'PPD',
      description: 'LOAN PYMT',
      effectiveDate: '2026-11-25',
      representment: 0,
      traceNumber: `${config.ach.odfiRoutingNumber.slice(0, 8)}0000001`,
      idempotencyKey: 'debit:1',
    });
    const files = fs.readdirSync(config.ach.nachaDir).sort();
    expect(files).toEqual([`${credit.traceId}${SEALED_SPOOL_SUFFIX}`, `${debit.traceId}${SEALED_SPOOL_SUFFIX}`].sort());
    for (const f of files) {
      const file = path.join(config.ach.nachaDir, f);
      expect(fs.readFileSync(file).includes(Buffer.from(ACCOUNT)), f).toBe(false);
      const text = openNachaSpoolFile(box, file);
      expect(text).toContain(ACCOUNT);
      expect(
        text
          .trimEnd()
          .split('\r\n')
          .map((l) => l[0])
          .join(''),
      ).toBe('1568999999');
    }
  });
});
