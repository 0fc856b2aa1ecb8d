import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@payrail/client/http-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SAVE_DEBOUNCE_MS, AUTO_SAVE_RETRY_DELAYS_MS, isRetryableSaveError, useAutoSave } from './use-auto-save';

/** Lets the settled save's `finally` run (LatestSaves starts the next waiting save there). */
const settle = () => act(() => Promise.resolve().then(() => undefined));

describe('useAutoSave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after the pause, with the newest task of a key', () => {
    const { result } = renderHook(() => useAutoSave());
    const sent: string[] = [];
    act(() => {
      result.current.schedule('city', () => Promise.resolve(sent.push('a')));
      vi.advanceTimersByTime(AUTO_SAVE_DEBOUNCE_MS - 1);
      result.current.schedule('city', () => Promise.resolve(sent.push('ab')));
      vi.advanceTimersByTime(AUTO_SAVE_DEBOUNCE_MS - 1);
    });
    expect(sent).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(sent).toEqual(['ab']);
  });

  it('counts versions per key and drops a waiting pause on cancel', () => {
    const { result } = renderHook(() => useAutoSave());
    const sent: string[] = [];
    expect(result.current.version('zip')).toBe(0);
    expect(result.current.bump('zip')).toBe(1);
    expect(result.current.bump('zip')).toBe(2);
    expect(result.current.version('city')).toBe(0);
    act(() => {
      result.current.schedule('zip', () => Promise.resolve(sent.push('zip')));
      result.current.cancel('zip');
      vi.advanceTimersByTime(AUTO_SAVE_DEBOUNCE_MS * 2);
    });
    expect(sent).toEqual([]);
  });

  it('retries after a growing back-off, and at once when the browser is back online', async () => {
    const { result } = renderHook(() => useAutoSave());
    const retry = vi.fn();
    act(() => result.current.retryLater('city', retry));
    act(() => vi.advanceTimersByTime(AUTO_SAVE_RETRY_DELAYS_MS[0] - 1));
    expect(retry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(1);

    act(() => result.current.retryLater('city', retry));
    act(() => vi.advanceTimersByTime(AUTO_SAVE_RETRY_DELAYS_MS[0]));
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(AUTO_SAVE_RETRY_DELAYS_MS[1] - AUTO_SAVE_RETRY_DELAYS_MS[0]));
    expect(retry).toHaveBeenCalledTimes(2);

    act(() => result.current.retryLater('city', retry));
    act(() => window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledTimes(3);
    act(() => vi.advanceTimersByTime(AUTO_SAVE_RETRY_DELAYS_MS[3]));
    expect(retry).toHaveBeenCalledTimes(3);

    act(() => {
      result.current.retryLater('city', retry);
      result.current.retryDone('city');
      vi.advanceTimersByTime(AUTO_SAVE_RETRY_DELAYS_MS[3]);
    });
    expect(retry).toHaveBeenCalledTimes(3);
    await settle();
  });

  it('keeps one save of a key in flight and runs no timer after unmount', async () => {
    const { result, unmount } = renderHook(() => useAutoSave());
    const sent: string[] = [];
    let finish!: () => void;
    act(() => {
      result.current.run('city', () => new Promise<void>((resolve) => ((finish = resolve), sent.push('first'))));
      result.current.run('city', () => Promise.resolve(sent.push('second')));
    });
    expect(sent).toEqual(['first']);
    finish();
    await settle();
    expect(sent).toEqual(['first', 'second']);

    act(() => result.current.schedule('zip', () => Promise.resolve(sent.push('zip'))));
    unmount();
    vi.advanceTimersByTime(AUTO_SAVE_DEBOUNCE_MS);
    expect(sent).toEqual(['first', 'second']);
  });
});

describe('isRetryableSaveError', () => {
  it('retries what failed for want of the server, not a refused value', () => {
    expect(isRetryableSaveError(new ApiError(0, null))).toBe(true);
    expect(isRetryableSaveError(new ApiError(503, null))).toBe(true);
    expect(isRetryableSaveError(new ApiError(422, null))).toBe(false);
    expect(isRetryableSaveError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableSaveError(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
