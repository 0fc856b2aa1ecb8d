import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it. Hold a lock
 * (refreshed while we run; stale after the holder dies) and refuse to start when another holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'payrail.lock');
  fs.writeFileSync(target, `${process.pid}\n`, { flag: 'a' });
  try {
    return await lockfile.lock(target, { stale: 15_000, update: 5_000, realpath: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Another Payrail server is already using the data directory ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR (or PORT).',
      );
    }
    throw err;
  }
}
