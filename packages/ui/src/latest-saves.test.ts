import { describe, expect, it } from 'vitest';
import { LatestSaves } from './latest-saves';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('LatestSaves', () => {
  it('runs one save per key at a time and then only the newest waiting one', async () => {
    const saves = new LatestSaves();
    const sent: string[] = [];
    const gates: ReturnType<typeof deferred>[] = [];
    let value = 'a';
    const task = () => {
      sent.push(value);
      const gate = deferred();
      gates.push(gate);
      return gate.promise;
    };
    saves.run('city', task);
    value = 'ab';
    saves.run('city', task);
    value = 'abc';
    saves.run('city', task);
    saves.run('zip', () => Promise.resolve(sent.push('zip')));
    expect(sent).toEqual(['a', 'zip']);
    expect(saves.busy('city')).toBe(true);
    gates[0]?.resolve();
    await flush();
    expect(sent).toEqual(['a', 'zip', 'abc']);
    gates[1]?.resolve();
    await flush();
    expect(saves.busy('city')).toBe(false);
    expect(sent).toEqual(['a', 'zip', 'abc']);
  });

  it('goes on after a failed save and can drop a waiting one', async () => {
    const saves = new LatestSaves();
    const sent: number[] = [];
    const gate = deferred();
    saves.run('k', () => gate.promise.then(() => Promise.reject(new Error('422'))));
    saves.run('k', () => Promise.resolve(sent.push(1)));
    saves.cancel('k');
    gate.resolve();
    await flush();
    expect(sent).toEqual([]);
    saves.run('k', () => Promise.resolve(sent.push(2)));
    await flush();
    expect(sent).toEqual([2]);
  });
});
