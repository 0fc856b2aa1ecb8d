import { describe, expect, it } from 'vitest';
import type { PlatformRepository } from './repository';
import { createSystemGate } from './system-gate';

type Event = Awaited<ReturnType<PlatformRepository['activeSystemEvent']>>;

/** A repository whose reads the test answers by hand. */
function fakePlatform() {
  const pending: Array<(e: Event) => void> = [];
  const platform = { activeSystemEvent: () => new Promise<Event>((resolve) => pending.push(resolve)) } as unknown as PlatformRepository;
  return { platform, pending };
}
const event = (description: string) => ({ description }) as unknown as Event;

describe('system gate', () => {
  it('shares one read among the calls waiting on it, then caches the answer for the TTL', async () => {
    const { platform, pending } = fakePlatform();
    const gate = createSystemGate(platform, 2_000);
    const calls = Array.from({ length: 50 }, () => gate.description(1_000));
    expect(pending).toHaveLength(1);
    pending[0]!(event('Maintenance'));
    expect(await Promise.all(calls)).toEqual(Array(50).fill('Maintenance'));
    expect(await gate.description(2_500)).toBe('Maintenance');
    expect(pending).toHaveLength(1);
    const after = gate.description(3_001); // expired: one new read
    expect(pending).toHaveLength(2);
    pending[1]!(undefined);
    expect(await after).toBeNull();
  });

  it('after invalidate, reads again and does not cache an answer read before it', async () => {
    const { platform, pending } = fakePlatform();
    const gate = createSystemGate(platform, 2_000);
    const before = gate.description(0);
    gate.invalidate();
    const after = gate.description(0);
    expect(pending).toHaveLength(2);
    pending[1]!(undefined);
    pending[0]!(event('stale'));
    expect(await before).toBe('stale');
    expect(await after).toBeNull();
    expect(await gate.description(10)).toBeNull();
    expect(pending).toHaveLength(2);
  });

  it('a failed read is not cached: the next call reads again', async () => {
    let n = 0;
    const platform = {
      activeSystemEvent: () => (n++ === 0 ? Promise.reject(new Error('db down')) : Promise.resolve(undefined)),
    } as unknown as PlatformRepository;
    const gate = createSystemGate(platform);
    await expect(gate.description(0)).rejects.toThrow('db down');
    expect(await gate.description(1)).toBeNull();
  });

  it('on the embedded database keeps its answer past the TTL while nothing is written, and reads again after a write', async () => {
    const { platform, pending } = fakePlatform();
    let written = 7;
    const gate = createSystemGate(platform, 2_000, () => written);
    const first = gate.description(0);
    pending[0]!(undefined);
    expect(await first).toBeNull();
    expect(await gate.description(60_000)).toBeNull(); // long past the TTL, nothing written
    expect(pending).toHaveLength(1);
    written++;
    const after = gate.description(60_001);
    expect(pending).toHaveLength(2);
    pending[1]!(event('Maintenance'));
    expect(await after).toBe('Maintenance');
  });

  it('does not keep past the TTL an answer whose read overlapped a write', async () => {
    const { platform, pending } = fakePlatform();
    let written = 1;
    const gate = createSystemGate(platform, 2_000, () => written);
    const read = gate.description(0);
    written++; // a write sent while the read is on its way
    pending[0]!(undefined);
    expect(await read).toBeNull();
    expect(await gate.description(1_000)).toBeNull(); // within the TTL: as before
    void gate.description(3_000);
    expect(pending).toHaveLength(2);
  });
});
