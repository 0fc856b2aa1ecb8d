import { describe, expect, it } from 'vitest';
import { intervalCron } from '../modules/loan-book/scheduler';
import { checkDefinition, errorText, latestSlot, retryDelaySeconds } from './in-process';

describe('the in-process runner’s rules', () => {
  it('backs off exponentially: retryDelay × 2^(attempt−1), or flat without back-off', () => {
    const def = { retryDelaySeconds: 60, retryBackoff: true };
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(def, a))).toEqual([60, 120, 240, 480]);
    expect([1, 2, 3].map((a) => retryDelaySeconds({ ...def, retryBackoff: false }, a))).toEqual([60, 60, 60]);
  });

  it('finds the latest cron slot at or before an instant (UTC)', () => {
    expect(latestSlot('0 * * * *', new Date('2035-03-01T10:59:59.999Z')).toISOString()).toBe('2035-03-01T10:00:00.000Z');
    expect(latestSlot('0 * * * *', new Date('2035-03-01T11:00:00.000Z')).toISOString()).toBe('2035-03-01T11:00:00.000Z');
    expect(latestSlot('15 */2 * * *', new Date('2035-03-01T11:20:00Z')).toISOString()).toBe('2035-03-01T10:15:00.000Z');
  });

  it('maps SERVICING_RUN_INTERVAL_MINUTES to a cron', () => {
    expect(intervalCron(0)).toBeUndefined();
    expect(intervalCron(15)).toBe('*/15 * * * *');
    expect(intervalCron(60)).toBe('0 * * * *');
    expect(intervalCron(90)).toBe('0 * * * *');
    expect(intervalCron(360)).toBe('0 */6 * * *');
    expect(intervalCron(1440)).toBe('0 0 * * *');
  });

  it('keeps an error’s message only, bounded', () => {
    expect(errorText(new Error('bureau down'))).toBe('bureau down');
    expect(errorText('x'.repeat(5000))).toHaveLength(1000);
    expect(errorText(new Error(''))).toBe('failed');
  });

  it('refuses a bad queue name, a queue defined twice, a bad cron', () => {
    const def = { name: 'a.b', description: '', retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 1, handler: async () => undefined };
    expect(() => checkDefinition(def, new Map())).not.toThrow();
    expect(() => checkDefinition({ ...def, name: 'A B' }, new Map())).toThrow(/queue name/);
    expect(() => checkDefinition({ ...def, name: 'a.dead' }, new Map())).toThrow(/queue name/);
    expect(() => checkDefinition(def, new Map([['a.b', def]]))).toThrow(/twice/);
    expect(() => checkDefinition({ ...def, schedule: 'every hour' }, new Map())).toThrow();
  });
});
