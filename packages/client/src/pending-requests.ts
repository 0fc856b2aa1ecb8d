import { createStore, useStoreValue } from './create-store';

/** Number of API calls in flight that should show the global loader. */
const pending = createStore(0);

/**
 * The spec keeps the loader away from background calls (autosave, session polling, employer
 * search, bank-link telemetry, e-mail confirmation) so typing or polling never flashes the page.
 */
export const LOADER_EXCLUDED_URL_PARTS = [
  'update_field',
  'token_is_valid',
  'employers',
  'employer_id',
  'save_plaid_event',
  'confirmation',
  // Background calls of the About-yourself form: suggestions while typing, references auto-save.
  'addresses/autocomplete',
  'update_references',
] as const;

export function isLoaderExcluded(url: string): boolean {
  return LOADER_EXCLUDED_URL_PARTS.some((part) => url.includes(part));
}

export const pendingRequests = {
  begin(): void {
    pending.set((count) => count + 1);
  },
  end(): void {
    pending.set((count) => Math.max(0, count - 1));
  },
  count(): number {
    return pending.get();
  },
  /** Tests only: forget requests left over from a previous test. */
  reset(): void {
    pending.set(0);
  },
  subscribe: pending.subscribe,
};

export function usePendingRequestCount(): number {
  return useStoreValue(pending, (count) => count);
}

/** Whether any such call is in flight: a component using it re-renders when that changes, not at every call. */
export function useRequestsPending(): boolean {
  return useStoreValue(pending, (count) => count > 0);
}
