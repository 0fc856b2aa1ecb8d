import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage, InvalidStorageKeyError } from './port';

/**
 * Files on local disk under `root` (`${DATA_DIR}/files`: outside any web root, never served statically).
 * Owner-only permissions; writes go to a temporary name and are renamed into place, so a reader never
 * sees half a file. Good for one server; several instances need the S3 implementation.
 */
export function localDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileFor = (key: string): string => {
    assertStorageKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Belt and braces: the key pattern already rules out `..` and absolute paths.
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  };
  return {
    provider: 'local',
    async put(key, bytes) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(key) {
      try {
        return (await fs.stat(fileFor(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}
