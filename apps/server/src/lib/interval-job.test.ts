import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job';

afterEach(() => {
  vi.useRealTimers();
});

describe('startIntervalJob', () => {
  it('runs first after the delay, then every interval, never overlapping itself', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    const job = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const stop = startIntervalJob(job, { minutes: 1, firstDelayMs: 1_000, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(999);
    expect(job).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000); // still running: the tick is skipped
    expect(job).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job).toHaveBeenCalledTimes(2);
    release();
    await stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(job).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to onError and keeps running', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const job = vi.fn(() => Promise.reject(new Error('provider down')));
    const stop = startIntervalJob(job, { minutes: 1, firstDelayMs: 0, onError });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);
    expect((onError.mock.calls[0]![0] as Error).message).toBe('provider down');
    await stop();
  });

  it('is off when the interval is zero', async () => {
    vi.useFakeTimers();
    const job = vi.fn(() => Promise.resolve());
    const stop = startIntervalJob(job, { minutes: 0, firstDelayMs: 0, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(job).not.toHaveBeenCalled();
    await stop();
  });

  it('stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    let done = false;
    const stop = startIntervalJob(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            done = true;
            resolve();
          }, 5_000),
        ),
      { minutes: 1, firstDelayMs: 0, onError: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(0);
    const stopping = stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopping;
    expect(done).toBe(true);
  });
});
