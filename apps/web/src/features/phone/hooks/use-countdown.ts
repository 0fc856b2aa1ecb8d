import { useCallback, useEffect, useState } from 'react';

/** The resend link waits 30 s after a click and its countdown updates every 250 ms (spec §4, §9). */
export const RESEND_TICK_MS = 250;

/** A countdown started on demand (or at once with `startNow`); `remainingMs` is 0 when idle. */
export function useCountdown(durationMs: number, tickMs: number = RESEND_TICK_MS, startNow = false) {
  const [now, setNow] = useState(() => Date.now());
  const [endsAt, setEndsAt] = useState<number | null>(() => (startNow ? Date.now() + durationMs : null));

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, tickMs);
    return () => clearInterval(timer);
  }, [endsAt, tickMs]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + durationMs);
  }, [durationMs]);

  const remainingMs = endsAt === null ? 0 : Math.max(0, endsAt - now);
  return { remainingMs, running: remainingMs > 0, start };
}
