import { useEffect, useState } from 'react';
import { MSG } from '@payrail/contract/messages';
import { createStore, useStoreValue } from '@payrail/client/create-store';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it closes by itself; null when persistent. */
  timeout: number | null;
}

export interface NotifyOptions {
  /** Auto-close delay in ms; defaults to {@link DEFAULT_TIMEOUT_MS}. */
  timeout?: number;
  /** Stays until the user closes it (some warnings must not vanish). */
  persistent?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 6000;
export const COPIED_TIMEOUT_MS = 1500;

const toasts = createStore<readonly Toast[]>([]);
const timers = new Map<number, { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number }>();
let nextId = 1;

function startTimer(id: number, ms: number): void {
  const handle = setTimeout(() => dismiss(id), ms);
  timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
}

function show(kind: ToastKind, message: string, options: NotifyOptions = {}): number {
  // The same message of the same kind is shown once while it is on screen (spec: de-duplicated).
  const existing = toasts.get().find((toast) => toast.kind === kind && toast.message === message);
  if (existing) return existing.id;
  const id = nextId++;
  const timeout = options.persistent ? null : (options.timeout ?? DEFAULT_TIMEOUT_MS);
  toasts.set((list) => [...list, { id, kind, message, timeout }]);
  if (timeout !== null) startTimer(id, timeout);
  return id;
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  toasts.set((list) => list.filter((toast) => toast.id !== id));
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  /** Confirmation after copying a code to the clipboard; short because it only confirms an action. */
  copied: (message: string = MSG.codeCopied) => show('success', message, { timeout: COPIED_TIMEOUT_MS }),
  dismiss,
  /**
   * Holds the countdown while the pointer or focus is on the toast, so nobody loses a message they
   * are reading (WCAG 2.2.1).
   */
  pause(id: number): void {
    const timer = timers.get(id);
    if (!timer?.handle) return;
    clearTimeout(timer.handle);
    timers.set(id, { handle: null, remaining: Math.max(0, timer.remaining - (Date.now() - timer.startedAt)), startedAt: 0 });
  },
  resume(id: number): void {
    const timer = timers.get(id);
    if (!timer || timer.handle) return;
    startTimer(id, Math.max(timer.remaining, 1000));
  },
  clear(): void {
    for (const timer of timers.values()) if (timer.handle) clearTimeout(timer.handle);
    timers.clear();
    toasts.set([]);
  },
  list: toasts.get,
  subscribe: toasts.subscribe,
};

export function useToasts(): readonly Toast[] {
  return useStoreValue(toasts, (list) => list);
}

/*
 * Toast hosts. A modal <dialog> makes the rest of the page inert, which also hides live regions
 * from assistive technology, so an open dialog hosts the toasts itself. The most recently mounted
 * host shows them; the app-level Toaster is the first host.
 */
const hosts = createStore<readonly number[]>([]);
let nextHostId = 1;

export function useIsActiveToastHost(): boolean {
  const [id] = useState(() => nextHostId++);
  useEffect(() => {
    hosts.set((list) => [...list, id]);
    return () => hosts.set((list) => list.filter((host) => host !== id));
  }, [id]);
  return useStoreValue(hosts, (list) => list[list.length - 1] === id);
}
