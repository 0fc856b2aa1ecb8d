import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasFederalReservePrefix, hasValidAbaChecksum } from '@payrail/domain/validation/routing-number';
import { describe, expect, it } from 'vitest';
import { SANDBOX_INSTITUTIONS } from '../../adapters/bank-link/sandbox';
import { loadRoutingDirectory, parseFedAchDirectory, SANDBOX_DIRECTORY_FILE } from './routing-directory';

/** One FedACH record, 155 columns, laid out as the Federal Reserve's format says. */
function record(o: { routing: string; name: string; type?: string; newRouting?: string; city?: string; state?: string }): string {
  const pad = (s: string, n: number) => s.padEnd(n, ' ').slice(0, n);
  return (
    o.routing +
    'O' +
    '011000015' +
    (o.type ?? '1') +
    '010225' +
    (o.newRouting ?? '000000000') +
    pad(o.name, 36) +
    pad('1 MAIN ST', 36) +
    pad(o.city ?? 'BOSTON', 20) +
    (o.state ?? 'MA') +
    '02110' +
    '0000' +
    '5555550100' +
    '1' +
    '1' +
    '     '
  );
}

describe('parseFedAchDirectory', () => {
  it('reads the fixed-width columns', () => {
    const line = record({ routing: '034821624', name: 'HARBOR POINT BANK, N.A.', city: 'WILMINGTON', state: 'DE' });
    expect(line).toHaveLength(155);
    expect([...parseFedAchDirectory(`${line}\r\n`).values()]).toEqual([
      { routingNumber: '034821624', name: 'HARBOR POINT BANK, N.A.', city: 'WILMINGTON', state: 'DE', newRoutingNumber: null },
    ]);
  });

  it('keeps the new routing number of a record of type 2', () => {
    const e = parseFedAchDirectory(record({ routing: '034821624', name: 'MERGED BANK', type: '2', newRouting: '013176439' })).get('034821624');
    expect(e?.newRoutingNumber).toBe('013176439');
  });

  it('skips comments, blank and short lines, and numbers failing the ABA checksum', () => {
    const text = ['# a comment', '', 'short line', record({ routing: '034821625', name: 'BAD CHECKSUM' }), record({ routing: '013176439', name: 'GOOD' })].join(
      '\n',
    );
    expect([...parseFedAchDirectory(text).keys()]).toEqual(['013176439']);
  });

  it('loads a configured file, and refuses one without records', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-fedach-'));
    try {
      const good = path.join(dir, 'FedACHdir.txt');
      fs.writeFileSync(good, `${record({ routing: '013176439', name: 'REAL DIRECTORY BANK' })}\n`);
      const directory = await loadRoutingDirectory(good);
      expect(directory.lookup('013176439')?.name).toBe('REAL DIRECTORY BANK');
      expect(directory.lookup('034821624')).toBeUndefined();
      const empty = path.join(dir, 'empty.txt');
      fs.writeFileSync(empty, '# nothing\n');
      await expect(loadRoutingDirectory(empty)).rejects.toThrow(/no valid FedACH records/);
      await expect(loadRoutingDirectory(path.join(dir, 'missing.txt'))).rejects.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bundled sandbox directory', () => {
  const text = fs.readFileSync(SANDBOX_DIRECTORY_FILE, 'latin1');
  const records = text.split('\n').filter((l) => l && !l.startsWith('#'));

  it('says it is sandbox data', () => {
    expect(text.startsWith('# SANDBOX DATA')).toBe(true);
  });

  it('has 200 well-formed records with unique numbers that pass the ABA checks', () => {
    expect(records).toHaveLength(200);
    for (const r of records) {
      expect(r).toHaveLength(155);
      const routing = r.slice(0, 9);
      expect(hasValidAbaChecksum(routing), routing).toBe(true);
      expect(hasFederalReservePrefix(routing), routing).toBe(true);
    }
    expect(parseFedAchDirectory(text).size).toBe(200);
  });

  it('knows every test institution of the bank-link sandbox', () => {
    const entries = parseFedAchDirectory(text);
    for (const i of SANDBOX_INSTITUTIONS) expect(entries.has(i.routingNumber), i.name).toBe(true);
  });
});
