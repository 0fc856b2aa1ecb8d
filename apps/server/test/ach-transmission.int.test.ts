import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nachaSpool, writeSealedNachaFile } from '../src/adapters/ach/nacha-spool';
import { hostKeyFingerprint, type NachaTransmitter, sandboxNachaTransmitter, sftpNachaTransmitter } from '../src/adapters/ach/transmitter';
import type { AppContext } from '../src/context';
import { createInProcessQueue } from '../src/jobs/in-process';
import { jobsRepository } from '../src/jobs/repository';
import { type AchTransmissionRepository, achTransmissionRepository } from '../src/modules/ach-transmission/repository';
import { ACH_TRANSMIT_QUEUE, defineAchTransmitQueue, transmitSpooledFiles } from '../src/modules/ach-transmission/transmit';
import { startSftpBank } from './support/sftp-bank';
import { type TestApp, testApp, testDatabase } from './test-app';

/**
 * NACHA transmission (issue #30): each sealed spool file reaches the bank once — again runs, parallel runs,
 * a run that dies between the bank's rename and our "transmitted" mark, a bank that refuses.
 */
let app: TestApp;
let repo: AchTransmissionRepository;
beforeAll(async () => {
  app = await testApp();
  repo = achTransmissionRepository((await testDatabase()).db);
});
afterAll(async () => {
  await app.close();
});

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const nachaText = (trace: string) => `101 034821624 1234567890${trace}\n9000001000001000000010000000000000000000000000000000000\n`.padEnd(200, '9');

/** A spool with `n` sealed files; answers the directory and each file's clear text by spool name. */
async function spool(n: number): Promise<{ dir: string; texts: Map<string, string> }> {
  const dir = tmp('payrail-spool-');
  const texts = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const trace = `T${randomBytes(6).toString('hex').toUpperCase()}`;
    const file = await writeSealedNachaFile(dir, trace, nachaText(trace), app.ctx.cryptoBox);
    texts.set(path.basename(file), nachaText(trace));
  }
  return { dir, texts };
}

/** The sandbox bank inbox, counting uploads. */
function countingInbox(inbox: string, failPut = false): NachaTransmitter & { puts: string[] } {
  const sandbox = sandboxNachaTransmitter(inbox);
  const puts: string[] = [];
  return {
    name: 'sandbox',
    puts,
    session: (work) =>
      sandbox.session((s) =>
        work({
          has: s.has,
          put: async (name, content) => {
            if (failPut) throw new Error('connection reset by the bank (test)');
            puts.push(name);
            await s.put(name, content);
          },
        }),
      ),
  };
}

describe('NACHA transmission', () => {
  it('transmits each spooled file once, opened, into the bank inbox; a second run sends nothing', async () => {
    const { dir, texts } = await spool(3);
    const inbox = tmp('payrail-inbox-');
    const transmitter = countingInbox(inbox);
    const first = await transmitSpooledFiles({ repo, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox) });
    expect(first.transmitted.sort()).toEqual([...texts.keys()].sort());
    for (const [file, text] of texts) {
      const remote = file.replace(/\.sealed$/, '');
      expect(fs.readFileSync(path.join(inbox, remote), 'ascii')).toBe(text);
      expect((fs.statSync(path.join(inbox, remote)).mode & 0o777).toString(8)).toBe('600');
      expect(await repo.byFile(file)).toMatchObject({ status: 'transmitted', attempts: 1, remoteName: remote, bytes: text.length, foundAtBank: false });
    }
    expect(fs.readdirSync(inbox).filter((f) => f.endsWith('.part'))).toEqual([]);
    const again = await transmitSpooledFiles({ repo, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox) });
    expect(again).toEqual({ transmitted: [], foundAtBank: [], failed: [] });
    expect(transmitter.puts).toHaveLength(3);
  });

  it('five runs at once transmit each file once', async () => {
    const { dir, texts } = await spool(4);
    const transmitter = countingInbox(tmp('payrail-inbox-'));
    const runs = await Promise.all(Array.from({ length: 5 }, () => transmitSpooledFiles({ repo, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox) })));
    expect(runs.flatMap((r) => r.transmitted).sort()).toEqual([...texts.keys()].sort());
    expect(transmitter.puts.sort()).toEqual([...texts.keys()].map((f) => f.replace(/\.sealed$/, '')).sort());
  });

  it('a run that dies after the bank has the file and before the mark: the next run finds it at the bank and does not send it again', async () => {
    const { dir, texts } = await spool(1);
    const [file] = [...texts.keys()];
    const transmitter = countingInbox(tmp('payrail-inbox-'));
    // The dying run: the upload completes, then the process is gone before writing anything more.
    const dying: AchTransmissionRepository = {
      ...repo,
      markTransmitted: () => Promise.reject(new Error('process killed')),
      release: () => Promise.reject(new Error('process killed')),
    };
    await transmitSpooledFiles({ repo: dying, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox) }).catch(() => undefined);
    expect(await repo.byFile(file!)).toMatchObject({ status: 'transmitting', attempts: 1 });
    expect(transmitter.puts).toHaveLength(1);
    // Within the lease nobody takes it over; after it (0 s here), the next run does.
    expect(await transmitSpooledFiles({ repo, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox) })).toEqual({
      transmitted: [],
      foundAtBank: [],
      failed: [],
    });
    const next = await transmitSpooledFiles({ repo, transmitter, spool: nachaSpool(dir, app.ctx.cryptoBox), leaseSeconds: 0 });
    expect(next.foundAtBank).toEqual([file]);
    expect(transmitter.puts).toHaveLength(1);
    expect(await repo.byFile(file!)).toMatchObject({ status: 'transmitted', attempts: 2, foundAtBank: true });
  });

  it('a bank that refuses: the file stays pending with the error, the job fails (retried, then dead-lettered), the next run sends it', async () => {
    const { dir, texts } = await spool(1);
    const [file] = [...texts.keys()];
    const inbox = tmp('payrail-inbox-');
    const down = countingInbox(inbox, true);
    const database = await testDatabase();
    const jobs = createInProcessQueue(jobsRepository(database.db));
    const ctx: AppContext = { ...app.ctx, jobs, config: { ...app.ctx.config, ach: { ...app.ctx.config.ach, provider: 'nacha', nachaDir: dir } } };
    defineAchTransmitQueue(ctx, { info: () => undefined, error: () => undefined }, { transmitter: down, spool: nachaSpool(dir, app.ctx.cryptoBox) });
    const def = jobs.definitions().find((d) => d.name === ACH_TRANSMIT_QUEUE)!;
    expect(def.schedule).toBe('*/5 * * * *');
    await expect(def.handler({}, { id: 'test', queue: ACH_TRANSMIT_QUEUE, attempt: 1 })).rejects.toThrow('1 NACHA file(s) not transmitted');
    expect(await repo.byFile(file!)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection reset by the bank (test)' });
    expect(fs.readdirSync(inbox)).toEqual([]);

    const up = countingInbox(inbox);
    const r = await transmitSpooledFiles({ repo, transmitter: up, spool: nachaSpool(dir, app.ctx.cryptoBox) });
    expect(r.transmitted).toEqual([file]);
    expect(await repo.byFile(file!)).toMatchObject({ status: 'transmitted', attempts: 2, lastError: null });
  });

  it('no spool, nothing to do; the SFTP host key fingerprint is what ssh-keygen prints', async () => {
    expect(await transmitSpooledFiles({ repo, transmitter: countingInbox(tmp('x-')), spool: nachaSpool('/nonexistent/spool', app.ctx.cryptoBox) })).toEqual({
      transmitted: [],
      foundAtBank: [],
      failed: [],
    });
    expect(hostKeyFingerprint(Buffer.from('key'))).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });
});

describe('NACHA transmission over SFTP (an in-memory SFTP server as the bank)', () => {
  it('uploads under a temporary name, renames into place, finds it there the next time; a wrong host key is refused', async () => {
    const bank = await startSftpBank('payrail', 'bank-secret');
    try {
      const { dir, texts } = await spool(2);
      const settings = {
        host: '127.0.0.1',
        port: bank.port,
        username: 'payrail',
        password: 'bank-secret',
        hostKeySha256: bank.hostKeySha256,
        remoteDir: '/inbox',
      };
      const r = await transmitSpooledFiles({ repo, transmitter: sftpNachaTransmitter(settings), spool: nachaSpool(dir, app.ctx.cryptoBox) });
      expect(r.failed).toEqual([]);
      expect(r.transmitted.sort()).toEqual([...texts.keys()].sort());
      for (const [file, text] of texts) expect(bank.files.get(`/inbox/${file.replace(/\.sealed$/, '')}`)?.toString('ascii')).toBe(text);
      expect([...bank.files.keys()].filter((f) => f.endsWith('.part'))).toEqual([]);
      expect(bank.renames).toHaveLength(2);

      // A run that died after the rename: the next run finds the file at the bank and sends nothing.
      const { dir: dir2, texts: texts2 } = await spool(1);
      const [file] = [...texts2.keys()];
      const dying: AchTransmissionRepository = {
        ...repo,
        markTransmitted: () => Promise.reject(new Error('killed')),
        release: () => Promise.reject(new Error('killed')),
      };
      await transmitSpooledFiles({ repo: dying, transmitter: sftpNachaTransmitter(settings), spool: nachaSpool(dir2, app.ctx.cryptoBox) }).catch(
        () => undefined,
      );
      expect(bank.renames).toHaveLength(3);
      const next = await transmitSpooledFiles({
        repo,
        transmitter: sftpNachaTransmitter(settings),
        spool: nachaSpool(dir2, app.ctx.cryptoBox),
        leaseSeconds: 0,
      });
      expect(next.foundAtBank).toEqual([file]);
      expect(bank.renames).toHaveLength(3);

      // A server whose host key is not the pinned one is not sent anything.
      const { dir: dir3, texts: texts3 } = await spool(1);
      const impostor = await transmitSpooledFiles({
        repo,
        transmitter: sftpNachaTransmitter({ ...settings, hostKeySha256: hostKeyFingerprint(Buffer.from('another key')) }),
        spool: nachaSpool(dir3, app.ctx.cryptoBox),
      });
      expect(impostor.failed.map((f) => f.file)).toEqual([...texts3.keys()]);
      expect(await repo.byFile([...texts3.keys()][0]!)).toMatchObject({ status: 'pending' });
      expect(bank.renames).toHaveLength(3);
    } finally {
      bank.close();
    }
  }, 60_000);
});
