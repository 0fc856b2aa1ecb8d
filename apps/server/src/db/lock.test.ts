import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processIsAlive } from './lock';

describe('lockDataDir', () => {
  it('refuses a second holder with a clear message, and frees the directory on release', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/already using the data directory/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});

describe('lockDataDir after a crash', () => {
  const lockHeldBy = (dir: string, pid: number) => {
    // What a holder killed with -9 leaves: its pid in the file and a fresh lock directory.
    fs.writeFileSync(path.join(dir, 'payrail.lock'), `${pid}\n`);
    fs.mkdirSync(path.join(dir, 'payrail.lock.lock'));
  };

  it('takes over at once a lock whose holder no longer runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-lock-'));
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(processIsAlive(dead)).toBe(false);
    lockHeldBy(dir, dead);
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'payrail.lock'), 'utf8').trim()).toBe(String(process.pid));
    await release();
  });

  it('still refuses while the holder runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-lock-'));
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      lockHeldBy(dir, child.pid!);
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
