import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** True when a process with this id runs (signal 0 checks without signalling; EPERM: it runs as someone else). */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid the current holder wrote into the lock file; null when there is none. */
function holderPid(target: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(target, 'utf8').trim().split('\n').at(-1) ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it. Hold a lock
 * (refreshed while we run; stale after the holder dies) and refuse to start when another holds it.
 * The holder writes its pid into the lock file: after a crash (kill -9) the lock is fresh for a few
 * seconds more, so a lock whose holder no longer runs is taken over at once instead of refusing.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'payrail.lock');
  fs.writeFileSync(target, '', { flag: 'a' });
  const take = async () => {
    const release = await lockfile.lock(target, { stale: 15_000, update: 5_000, realpath: false });
    fs.writeFileSync(target, `${process.pid}\n`);
    return release;
  };
  try {
    return await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const pid = holderPid(target);
    if (pid !== null && pid !== process.pid && !processIsAlive(pid)) {
      // The holder died without releasing: its lock directory is all that is left of it.
      fs.rmSync(`${target}.lock`, { recursive: true, force: true });
      return take().catch((again: NodeJS.ErrnoException) => {
        throw again.code === 'ELOCKED' ? lockedError(dataDir) : again;
      });
    }
    throw lockedError(dataDir);
  }
}

const lockedError = (dataDir: string) =>
  new DataDirLockedError(
    `Another Payrail server is already using the data directory ${dataDir}. ` + 'Stop it first, or start this one with a different DATA_DIR (or PORT).',
  );
