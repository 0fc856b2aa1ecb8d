import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockLogStream, LOG_BLOCK_CHARS } from './log-destination';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-log-'));
const line = (i: number) => `{"level":30,"msg":"request completed","n":${i}}\n`;
/** pino's asynchronous destination on a new file, as the server makes it on stdout. */
const destination = (name: string) => {
  const file = path.join(dir, name);
  return { file, out: pino.destination({ dest: fs.openSync(file, 'w'), sync: false }) };
};

afterEach(() => vi.restoreAllMocks());

describe('BlockLogStream', () => {
  it('writes lines in blocks, not one write per line, and loses none', async () => {
    const { file, out } = destination('blocks.log');
    const stream = new BlockLogStream(out);
    const write = vi.spyOn(fs, 'write');
    let chars = 0;
    let i = 0;
    const next = () => {
      const text = line(i++);
      chars += text.length;
      stream.write(text);
    };
    while (i < 10) next();
    // Ten short lines: nothing written yet (a per-line destination starts a write on the first).
    expect(write).not.toHaveBeenCalled();
    // A block's worth goes out at once, in one write, without waiting for the timer.
    while (chars < LOG_BLOCK_CHARS) next();
    expect(write).toHaveBeenCalledTimes(1);
    next();
    stream.close();
    // The destination writes the rest once the first block's asynchronous write is done, in order. (Its
    // flushSync here would race that write: the file could get the second block first.)
    const all = Array.from({ length: i }, (_, n) => line(n)).join('');
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8')).toBe(all), { timeout: 2000, interval: 20 });
  });

  it('writes a waiting line within the flush interval on a quiet stream', async () => {
    const { file, out } = destination('quiet.log');
    const stream = new BlockLogStream(out);
    stream.write(line(1));
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8')).toBe(line(1)), { timeout: 2000, interval: 20 });
    stream.close();
  });

  it('writes what is waiting when the process exits', () => {
    const file = path.join(dir, 'exit.log');
    const script = `
      import fs from 'node:fs';
      import { logDestination } from ${JSON.stringify(path.join(import.meta.dirname, 'log-destination.ts'))};
      const stream = logDestination(fs.openSync(${JSON.stringify(file)}, 'w'));
      for (let i = 0; i < 200; i++) stream.write('{"msg":"line ' + i + '"}\\n');
      process.exit(3);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(3);
    expect(fs.readFileSync(file, 'utf8')).toBe(Array.from({ length: 200 }, (_, i) => `{"msg":"line ${i}"}\n`).join(''));
  });
});
