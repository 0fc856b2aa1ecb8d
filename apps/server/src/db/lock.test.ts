import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

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
