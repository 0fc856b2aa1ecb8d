import type { PlatformRepository } from './repository';

/**
 * The current system event, read at most every `ttlMs` per instance. Starting or ending an event on
 * this instance invalidates it at once; other instances follow within the TTL.
 */
export function createSystemGate(platform: PlatformRepository, ttlMs = 2_000) {
  let cached: { at: number; description: string | null } | undefined;
  return {
    async description(now = Date.now()): Promise<string | null> {
      if (!cached || now - cached.at > ttlMs) {
        const event = await platform.activeSystemEvent();
        cached = { at: now, description: event?.description ?? null };
      }
      return cached.description;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type SystemGate = ReturnType<typeof createSystemGate>;
