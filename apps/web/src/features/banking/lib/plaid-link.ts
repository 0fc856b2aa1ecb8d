import { loadScript } from '../../../lib/load-script';

/** Plaid Link's browser script; loaded only when the server's widget config names Plaid. */
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export interface PlaidLinkMetadata {
  institution?: { institution_id?: string; name?: string } | null;
  accounts?: { id: string; name?: string; mask?: string; subtype?: string }[];
  link_session_id?: string;
  status?: string | null;
  [key: string]: unknown;
}

export interface PlaidLinkError {
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
}

interface PlaidHandler {
  open(): void;
  exit(options?: { force?: boolean }): void;
  destroy(): void;
}

interface PlaidGlobal {
  create(config: {
    token: string;
    onSuccess: (publicToken: string, metadata: PlaidLinkMetadata) => void;
    onExit: (error: PlaidLinkError | null, metadata: PlaidLinkMetadata) => void;
    onEvent?: (eventName: string, metadata: PlaidLinkMetadata) => void;
  }): PlaidHandler;
}

export interface LinkCallbacks {
  onSuccess: (publicToken: string, metadata: Record<string, unknown>) => void;
  /** The borrower left the widget, or it failed (error set). */
  onExit: (error: PlaidLinkError | null, metadata: Record<string, unknown>) => void;
  onEvent: (eventName: string, metadata: Record<string, unknown>) => void;
}

/** Loads Plaid Link (once) and opens it with the server's link token; rejects when the script cannot load. */
export async function openPlaidLink(linkToken: string, callbacks: LinkCallbacks): Promise<() => void> {
  await loadScript(PLAID_LINK_SCRIPT);
  const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
  if (!plaid) throw new Error('Plaid Link did not load');
  const handler = plaid.create({
    token: linkToken,
    onSuccess: (publicToken, metadata) => callbacks.onSuccess(publicToken, metadata),
    onExit: (error, metadata) => callbacks.onExit(error, metadata),
    onEvent: (eventName, metadata) => callbacks.onEvent(eventName, metadata),
  });
  handler.open();
  return () => handler.destroy();
}
