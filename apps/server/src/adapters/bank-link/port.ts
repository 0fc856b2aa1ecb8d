/**
 * The bank-link aggregator (a Plaid-style widget): the browser logs in to the bank inside the
 * provider's widget and gets a short-lived public token; the server exchanges it for an access token
 * and reads the account and routing numbers (the "auth" product), so the account is verified without
 * the borrower typing numbers.
 */

/** An institution the sandbox widget offers (the real provider searches its own list). */
export type BankLinkInstitution = { id: string; name: string; logo: string | null; down: boolean };

/** One account behind a linked login. Numbers are null when the provider has none for it. */
export type BankLinkAccount = {
  accountId: string;
  name: string;
  /** The last 2–4 digits as the provider shows them. */
  mask: string;
  /** The provider's subtype (checking, savings, cd, credit card…). */
  subtype: string;
  /** checking or savings when the account can receive and be debited by ACH; null otherwise. */
  accountType: 'checking' | 'savings' | null;
  routingNumber: string | null;
  accountNumber: string | null;
};

export type BankLinkAuth = {
  institution: { id: string; name: string; logo: string | null } | null;
  accounts: BankLinkAccount[];
};

/** A provider refusal, in the provider's own terms (Plaid's error_code / error_message). */
export class BankLinkError extends Error {
  readonly code: string;
  readonly displayMessage: string | null;
  constructor(code: string, message: string, displayMessage: string | null = null) {
    super(message);
    this.name = 'BankLinkError';
    this.code = code;
    this.displayMessage = displayMessage;
  }
}

/** The sandbox widget's login (what the provider's test mode does inside its modal). */
export type SandboxLogin = { linkToken?: string | undefined; institutionId: string; username: string; password: string };

export type SandboxLoginResult = {
  publicToken: string;
  /** The same login as the second aggregator's inquiry (save_ribbit_information). */
  inquiry: { id: string; type: string };
  institution: { id: string; name: string };
  accounts: { id: string; name: string; mask: string; subtype: string }[];
};

export interface BankLinkProvider {
  readonly provider: 'sandbox' | 'plaid';
  /** Starts a widget session for a member. */
  createLinkToken(p: { userId: number }): Promise<{ linkToken: string; expiration: string }>;
  /** Trades the widget's public token for a long-lived access token (the item). */
  exchangePublicToken(publicToken: string): Promise<{ itemId: string; accessToken: string }>;
  /** The institution and accounts (with ACH numbers) of an item. */
  getAuth(accessToken: string): Promise<BankLinkAuth>;
  /** The second aggregator's path: a finished verification inquiry and the account chosen in it. */
  verifyInquiry(p: { inquiryId: string; inquiryType: string; accountId: string }): Promise<BankLinkAuth>;
  /** Institutions the widget shows (sandbox test institutions; empty for the real provider, whose widget searches). */
  institutions(): readonly BankLinkInstitution[];
  /** Test mode only: the login the sandbox widget posts. */
  readonly sandbox: { authorize(login: SandboxLogin): Promise<SandboxLoginResult> } | null;
}
