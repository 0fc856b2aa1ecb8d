import fs from 'node:fs';
import pino from 'pino';

/**
 * A block is written once this many characters of lines wait (about 250 access lines; a busy instance reaches it
 * well within `LOG_FLUSH_MS`). Each block is one trip through libuv's thread pool (a worker woken, its write, the
 * main thread woken for the callback): at 4 kB (~15 lines) that trip came every 15 requests and cost a busy
 * instance's main thread more than building the lines. 64 kB is what a pipe holds at once on Linux.
 */
export const LOG_BLOCK_CHARS = 65_536;
/** …or at the next tick of this timer: no line waits longer than this to be written. */
export const LOG_FLUSH_MS = 100;

/** Where blocks go: pino's destination (its `fd` and `flushSync` are used at exit). */
type Out = { write(s: string): unknown; flushSync?(): void; fd?: number };

/**
 * The server's log stream: lines kept in a list and handed to the destination (pino's asynchronous
 * stdout writer) as one string per block. A write per line (the destination's default) cost a busy
 * instance an `fs.write`, its trip through libuv's thread pool and its callback for nearly every request
 * (one access line each). Letting the destination gather the block itself (its `minLength`) costs as
 * much: it measures its growing buffer at every line, copying the whole block each time. Here a block is
 * joined once. The lines, their order and their bytes are the same; a quiet instance's line is late by at
 * most `LOG_FLUSH_MS`; at exit (a crash included) what waits is written synchronously.
 */
export class BlockLogStream {
  private lines: string[] = [];
  private chars = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly atExit = () => this.flushSync();

  constructor(
    private readonly out: Out,
    private readonly blockChars = LOG_BLOCK_CHARS,
    flushMs = LOG_FLUSH_MS,
  ) {
    this.timer = setInterval(() => this.flush(), flushMs).unref();
    process.on('exit', this.atExit);
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.blockChars) this.flush();
    return true;
  }

  /** Hands what waits to the destination now (pino's `logger.flush()` comes here too). */
  flush(cb?: (err?: Error) => void): void {
    const block = this.take();
    if (block !== null) this.out.write(block);
    cb?.();
  }

  /**
   * Writes what waits synchronously (the process is exiting: no asynchronous write would finish). The
   * destination's own buffer first, then the lines waiting here, straight to its file descriptor.
   */
  flushSync(): void {
    const block = this.take();
    this.out.flushSync?.();
    if (block === null) return;
    if (typeof this.out.fd === 'number' && this.out.fd >= 0) fs.writeSync(this.out.fd, block);
    else this.out.write(block);
  }

  /** Hands what waits to the destination and stops the timer (the app's close). */
  close(): void {
    clearInterval(this.timer);
    process.off('exit', this.atExit);
    this.flush();
  }

  private take(): string | null {
    if (this.lines.length === 0) return null;
    const block = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    return block;
  }
}

/** The server's log stream to `fd` (stdout by default): pino's asynchronous destination, written in blocks. */
export function logDestination(fd = 1): BlockLogStream {
  return new BlockLogStream(pino.destination({ dest: fd, sync: false }));
}
