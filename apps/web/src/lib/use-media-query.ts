import { useSyncExternalStore } from 'react';

/** Whether a media query matches, kept in step with the viewport. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** The design system's small breakpoint (tokens.css): below 640 px. */
export const SMALL_SCREEN = '(max-width: 639.98px)';
