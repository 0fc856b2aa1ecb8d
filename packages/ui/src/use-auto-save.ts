import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@payrail/client/http-client';
import { LatestSaves } from './latest-saves';

/** Spec §9: auto-save after a 500 ms pause. */
export const AUTO_SAVE_DEBOUNCE_MS = 500;

/** Waits before the automatic retries of a failed save (then every 30 s), and at once when the browser is back online. */
export const AUTO_SAVE_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

/** A save that failed for want of the server (no connection, 5xx), not for its content. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!isApiError(error)) return !(error instanceof Error && error.name === 'AbortError');
  return error.status === 0 || error.status >= 500;
}

export interface AutoSave {
  /** An edit of `key`: a new version (an answer to an older one is ignored). */
  bump: (key: string) => number;
  /** The version of `key` now. */
  version: (key: string) => number;
  /** After the 500 ms pause, one save of `key` at a time (the newest value is sent after the one in flight). */
  schedule: (key: string, task: () => Promise<unknown>) => void;
  /** Runs the save of `key` now (still one in flight at a time). */
  run: (key: string, task: () => Promise<unknown>) => void;
  /** Drops the waiting pause of `key`. */
  clearTimer: (key: string) => void;
  /** Drops the waiting pause and any queued save of `key` (its value became unsendable). */
  cancel: (key: string) => void;
  /** The save failed for want of the server: run `retry` after a back-off (or at once when the browser is back online). */
  retryLater: (key: string, retry: () => void) => void;
  /** No retry of `key` is waiting any more. */
  retryDone: (key: string) => void;
}

/**
 * The timing of an auto-saving form (issue #33, spec §9): per key a debounce, a version counter, one
 * save in flight, and retries with back-off of saves that failed for want of the server. Timers are
 * cleared when the form unmounts.
 */
export function useAutoSave(): AutoSave {
  const timers = useRef(new Map<string, number>());
  const versions = useRef(new Map<string, number>());
  const [saves] = useState(() => new LatestSaves());
  const retries = useRef(new Map<string, { attempt: number; timer: number | undefined; run: () => void }>());

  useEffect(() => {
    const pending = retries.current;
    const online = () => {
      for (const entry of pending.values()) {
        if (entry.timer !== undefined) window.clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.run();
      }
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      for (const entry of pending.values()) if (entry.timer !== undefined) window.clearTimeout(entry.timer);
    };
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  const bump = useCallback((key: string) => {
    const next = (versions.current.get(key) ?? 0) + 1;
    versions.current.set(key, next);
    return next;
  }, []);
  const version = useCallback((key: string) => versions.current.get(key) ?? 0, []);

  const clearTimer = useCallback((key: string) => {
    const existing = timers.current.get(key);
    if (existing !== undefined) window.clearTimeout(existing);
    timers.current.delete(key);
  }, []);

  const run = useCallback((key: string, task: () => Promise<unknown>) => saves.run(key, task), [saves]);

  const schedule = useCallback(
    (key: string, task: () => Promise<unknown>) => {
      clearTimer(key);
      timers.current.set(
        key,
        window.setTimeout(() => {
          timers.current.delete(key);
          saves.run(key, task);
        }, AUTO_SAVE_DEBOUNCE_MS),
      );
    },
    [clearTimer, saves],
  );

  const cancel = useCallback(
    (key: string) => {
      clearTimer(key);
      saves.cancel(key);
    },
    [clearTimer, saves],
  );

  const retryLater = useCallback((key: string, retry: () => void) => {
    const previous = retries.current.get(key);
    if (previous?.timer !== undefined) window.clearTimeout(previous.timer);
    const attempt = (previous?.attempt ?? 0) + 1;
    const delay = AUTO_SAVE_RETRY_DELAYS_MS[Math.min(attempt - 1, AUTO_SAVE_RETRY_DELAYS_MS.length - 1)]!;
    const entry = { attempt, run: retry, timer: undefined as number | undefined };
    entry.timer = window.setTimeout(() => {
      entry.timer = undefined;
      retry();
    }, delay);
    retries.current.set(key, entry);
  }, []);

  const retryDone = useCallback((key: string) => {
    const entry = retries.current.get(key);
    if (entry?.timer !== undefined) window.clearTimeout(entry.timer);
    retries.current.delete(key);
  }, []);

  const [api] = useState<AutoSave>(() => ({ bump, version, schedule, run, clearTimer, cancel, retryLater, retryDone }));
  return api;
}
