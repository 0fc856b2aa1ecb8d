/**
 * What the session keeps in the browser's storage, read without React or the store: the entry script
 * (boot.ts) reads the stored token to start a signed-in page's first reads before the app's modules are
 * in (app/page-reads.ts), and the session store (session-store.ts) starts from the same record.
 */
/** localStorage key; one key so clearing the session is a single removeItem. */
export const SESSION_STORAGE_KEY = 'payrail.session';

export type LoanType = 'new' | 'refinancing';

/** The signed-in account as the login, sign-up and session-check answers describe it. */
export interface SessionUser {
  id: number;
  email: string;
  workflow_status?: string | null;
  loan_type?: LoanType | null;
  feedback_rating?: boolean | null;
  refinancing?: boolean | null;
  avatar?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** Session-check extras (GET /token_is_valid). */
  phone?: string | null;
  phone_confirmed?: boolean | null;
  /** False while a signed-in member still has to confirm the e-mail (dashboard confirmation). */
  email_confirmed?: boolean | null;
  /** Core-banking integration: opens /payment. */
  has_jack_henry?: boolean | null;
  /** External servicer account. */
  has_nelnet?: boolean | null;
  eligible_for_refinance?: boolean | null;
  paid_off?: boolean | null;
  /** The member has a loan: the dashboard stays open (spec §6). */
  has_loan?: boolean | null;
  not_qualified_reason?: string | null;
  /** The account applies through the new flow (/application/newflow/*): set by its sign-up and sign-in, or read from the server. */
  new_flow?: boolean | null;
}

/** utm_source, utm_medium, utm_campaign and http_referer of the visit's entry URL (spec §1). */
export interface Tracking {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  http_referer?: string;
}

export interface SessionState {
  /** Value of the last `authorization` response header, sent back verbatim. */
  token: string | null;
  user: SessionUser | null;
  /** Workflow statuses the borrower moved through, newest last (the client navigation stack). */
  navigationStack: readonly string[];
  /**
   * Loans of the signed-in borrower. Kept in memory only: the spec excludes loans from browser
   * storage, so they are fetched again after a reload. The loans feature narrows the type.
   */
  loans: readonly unknown[];
  /** E-mail waiting for its confirmation code (after sign-up or an unconfirmed sign-in), for "resend". */
  pendingEmail: string | null;
  /**
   * Tracking parameters of the entry URL, sent with sign-up and login. They describe the visit, not the
   * account, so clearing the session (sign-out, the sign-in page) keeps them.
   */
  tracking: Tracking;
  /**
   * Where the session that just ended sends the visitor (/signin after a 401 or a sign-out, /signup
   * after a failed session check). Guards read it so they agree with the code that ended the session.
   * In memory only.
   */
  exitTo: string | null;
}

export const emptyState: SessionState = { token: null, user: null, navigationStack: [], loans: [], pendingEmail: null, tracking: {}, exitTo: null };

// Checked by hand rather than with zod: this module loads on every page, the sign-in page included,
// and zod would be most of its weight (docs/architecture.md).
type Check = (value: unknown) => boolean;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString: Check = (value) => typeof value === 'string';
const nullish =
  (check: Check): Check =>
  (value) =>
    value === null || value === undefined || check(value);
const USER_FIELDS: Readonly<Record<string, Check>> = {
  id: (value) => typeof value === 'number' && Number.isFinite(value),
  email: isString,
  workflow_status: nullish(isString),
  loan_type: nullish((value) => value === 'new' || value === 'refinancing'),
  feedback_rating: nullish((value) => typeof value === 'boolean'),
  refinancing: nullish((value) => typeof value === 'boolean'),
  avatar: nullish(isString),
  first_name: nullish(isString),
  last_name: nullish(isString),
  new_flow: nullish((value) => typeof value === 'boolean'),
};
const TRACKING_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'http_referer'] as const;

/** What localStorage holds, or null when any part of it is not what `persist` writes. */
export function parsePersisted(value: unknown): Omit<SessionState, 'loans' | 'exitTo'> | null {
  if (!isObject(value)) return null;
  const { token, user, navigationStack, pendingEmail, tracking } = value;
  if (token !== null && !isString(token)) return null;
  if (
    user !== null &&
    !(
      isObject(user) &&
      Object.entries(USER_FIELDS).every(([key, check]) => (key === 'id' || key === 'email' ? check(user[key]) : !(key in user) || check(user[key])))
    )
  )
    return null;
  if (!Array.isArray(navigationStack) || !navigationStack.every(isString)) return null;
  if (!nullish(isString)(pendingEmail)) return null;
  if (tracking !== undefined && !(isObject(tracking) && TRACKING_FIELDS.every((key) => tracking[key] === undefined || isString(tracking[key])))) return null;
  return {
    token: token as string | null,
    user: user as SessionUser | null,
    navigationStack: navigationStack as string[],
    pendingEmail: (pendingEmail as string | null | undefined) ?? null,
    tracking: (tracking as Tracking | undefined) ?? {},
  };
}

export function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some privacy modes throw on access; the session then lives in memory only.
    return null;
  }
}

/** The stored session's record, or null when there is none or any part of it is not what the store writes. */
export function readStoredSession(): ReturnType<typeof parsePersisted> {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    return parsePersisted(JSON.parse(raw));
  } catch {
    return null;
  }
}
