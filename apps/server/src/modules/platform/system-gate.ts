import type { PlatformRepository } from './repository';

/**
 * The current system event, read at most every `ttlMs` per instance. Starting or ending an event on
 * this instance invalidates it at once; other instances follow within the TTL. On the embedded database
 * (`writeGeneration` not null: one process, every write counted, db/client.ts) an answer also stays good
 * past the TTL for as long as nothing was written since it was read, so a quiet server reads it once.
 * When the cached answer expires under load, the requests waiting on it share ONE read (not one each,
 * which queued a burst of identical queries for the pool every `ttlMs`).
 */
export function createSystemGate(platform: PlatformRepository, ttlMs = 2_000, writeGeneration: () => number | null = () => null) {
  let cached: { at: number; written: number | null; description: string | null } | undefined;
  let reading: Promise<string | null> | undefined;
  // Bumped by invalidate(): a read that started before it must not cache its (older) answer.
  let generation = 0;
  const fresh = (now: number) => cached !== undefined && (now - cached.at <= ttlMs || (cached.written !== null && cached.written === writeGeneration()));
  return {
    /** The answer `description` would give at once, without a read; undefined when it has to read (then call it). */
    known(now = Date.now()): string | null | undefined {
      return fresh(now) ? cached!.description : undefined;
    },
    description(now = Date.now()): Promise<string | null> {
      if (fresh(now)) return Promise.resolve(cached!.description);
      if (!reading) {
        const mine = generation;
        const written = writeGeneration(); // before the read is sent: a write sent after it makes the answer old
        const read = platform.activeSystemEvent().then((event) => {
          const description = event?.description ?? null;
          if (mine === generation) cached = { at: now, written, description };
          return description;
        });
        reading = read;
        const clear = () => {
          if (reading === read) reading = undefined;
        };
        read.then(clear, clear);
      }
      return reading;
    },
    invalidate(): void {
      generation++;
      cached = undefined;
      reading = undefined;
    },
  };
}
export type SystemGate = ReturnType<typeof createSystemGate>;
