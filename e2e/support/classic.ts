import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmedAccountViaApi, DELAWARE, phoneCode, uniqueEmail, uniquePhoneDigits } from './access';
import { DEMO_PASSWORD } from './staff';

/**
 * Set-up for classic-flow journeys: walks a borrower through the earlier steps over the real API (the
 * same calls the screens make) so a journey can start in the browser at the step it is about. The
 * full journey from sign-up to the signed note drives every step through the screens instead.
 */

export const JOURNEY_PASSWORD = 'Journey-pass1';

/** Seeded employers, one of each kind, all paid bi-weekly. */
export const EMPLOYERS = {
  federal: 'Department of Veterans Affairs',
  partner: 'Cedar Health Partners',
  private: 'Pinecrest Regional Medical Center',
} as const;
export type EmployerKind = keyof typeof EMPLOYERS;

/** Sandbox routing directory and bank-link sandbox (see docs/banking-and-esignature.md). */
export const HARBOR_POINT = { routing: '034821624', name: 'HARBOR POINT BANK, N.A.' } as const;
export const CLEARBROOK = { routing: '013176439', name: 'CLEARBROOK STATE BANK' } as const;
/** Passes the ABA checksum but is in no directory we ship: "Bank not found!…". */
export const UNKNOWN_VALID_ROUTING = '011000015';
export const BANK_LINK_SANDBOX = { username: 'user_good', password: 'pass_good' } as const;

export const REFERENCES = [
  { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '(202) 555-0187' },
  { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '(202) 555-0199' },
] as const;

export interface Borrower {
  id: number;
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

/** A random SSN that passes every rule (areas 001–665, never 000/666/9xx; group and serial never zero). */
export function uniqueSsn(): string {
  const area = randomInt(1, 666);
  return `${String(area).padStart(3, '0')}-${String(randomInt(1, 100)).padStart(2, '0')}-${String(randomInt(1, 10_000)).padStart(4, '0')}`;
}

/** A one-page PDF, small enough for any upload (real magic bytes: the server checks content). */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
}

/** A file for Playwright's `setInputFiles`. */
export const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: tinyPdf() });

const headers = (token: string) => ({ authorization: token });

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<unknown> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  const type = res.headers()['content-type'] ?? '';
  return type.includes('json') ? res.json() : res.text();
}

export const apiGet = async (request: APIRequestContext, token: string, url: string) =>
  ok(await request.get(`/api${url}`, { headers: headers(token) }), `GET ${url}`);
export const apiPost = async (request: APIRequestContext, token: string, url: string, data: unknown = {}) =>
  ok(await request.post(`/api${url}`, { headers: headers(token), data }), `POST ${url}`);
export const apiPatch = async (request: APIRequestContext, token: string, url: string, data: unknown = {}) =>
  ok(await request.patch(`/api${url}`, { headers: headers(token), data }), `PATCH ${url}`);

/** The borrower's current workflow status, from the session check. */
/** The classic proof-of-address slot asks what the document states before its upload opens: today's date and the address given. */
export async function stateProofOfAddress(page: Page, address: string, zipCode: string): Promise<void> {
  const slot = page.locator('[data-document-type="proof_of_address"]');
  const today = new Date();
  await slot
    .getByLabel('Date on the document')
    .fill(`${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}${today.getFullYear()}`);
  await slot.getByLabel('Street address on the document').fill(address);
  await slot.getByLabel('Zip code on the document').fill(zipCode);
}

export async function currentStatus(request: APIRequestContext, token: string): Promise<string> {
  return ((await apiGet(request, token, '/token_is_valid')) as { workflow_status: string }).workflow_status;
}

export async function employerId(request: APIRequestContext, token: string, kind: EmployerKind): Promise<number> {
  const found = (await apiGet(request, token, `/employers?search=${encodeURIComponent(EMPLOYERS[kind].slice(0, 12))}`)) as { id: number; name: string }[];
  const employer = found.find((e) => e.name === EMPLOYERS[kind]);
  expect(employer, `seeded employer ${EMPLOYERS[kind]}`).toBeTruthy();
  return employer!.id;
}

export async function uploadDocument(request: APIRequestContext, token: string, type: string): Promise<number> {
  const res = await request.post('/api/documents', {
    headers: headers(token),
    multipart: { 'document[document_type_name]': type, 'document[file]': pdfFile(`${type}.pdf`) },
  });
  return ((await ok(res, `upload ${type}`)) as { id: number }).id;
}

/** The classic statuses `borrowerAt` can stop at, in the order of the flow. */
export const STOPS = [
  'about_yourself',
  'employer',
  'phone_verification',
  'loan_terms',
  'bank_link',
  'choosing_receiver_account',
  'documents',
  'application_review',
  'after_review',
] as const;
export type Stop = (typeof STOPS)[number];

export interface BorrowerOptions {
  employer?: EmployerKind;
  /** About-yourself overrides (wire names of update_field). */
  answers?: Record<string, unknown>;
  /** The code of the friend who referred this borrower (POST /refer_code right after sign-up). */
  referCode?: string;
}

/**
 * A confirmed borrower walked over the API to `stop` (its page is the next one the borrower sees).
 * `after_review` confirms the application review: with the embedded demo's automated review that is
 * select_repay_method for a listed employer (the answer is returned by `currentStatus`).
 */
export async function borrowerAt(request: APIRequestContext, stop: Stop, options: BorrowerOptions = {}): Promise<Borrower> {
  const email = uniqueEmail('classic');
  const token = await confirmedAccountViaApi(request, email, JOURNEY_PASSWORD);
  const { id } = (await apiGet(request, token, '/token_is_valid')) as { id: number };
  const borrower: Borrower = { id, email, password: JOURNEY_PASSWORD, token, firstName: 'Jordan', lastName: 'Rivera' };
  if (options.referCode) await apiPost(request, token, '/refer_code', { refer_code: options.referCode });
  const reached = (s: Stop) => STOPS.indexOf(stop) <= STOPS.indexOf(s);
  if (reached('about_yourself')) return borrower;

  const answers: Record<string, unknown> = {
    first_name: borrower.firstName,
    last_name: borrower.lastName,
    date_of_birth: '04/12/1986',
    address: '1 Rodney Square',
    unit_number: 'Apt 4',
    zip_code: '19801',
    city: 'Wilmington',
    state_id: DELAWARE.id,
    driver_license_number: 'D1234567',
    driver_license_state_id: DELAWARE.id,
    social_security_number: uniqueSsn(),
    annual_income: '60,000',
    annual_household_income: '75,000',
    housing_type: 'rent',
    housing_payment: '1200',
    loan_purpose_id: 2,
    military_active: false,
    ...options.answers,
  };
  for (const [field, value] of Object.entries(answers)) {
    const extra = field === 'social_security_number' ? { social_security_number_confirmation: value } : {};
    await apiPost(request, token, '/about_yourself/update_field', { loan_borrower: { [field]: value, ...extra } });
  }
  await apiPost(request, token, '/about_yourself/update_references', { references: REFERENCES });
  await apiPost(request, token, '/workflow/next_status', { current_status: 'about_yourself' });
  if (reached('employer')) return borrower;

  const kind = options.employer ?? 'federal';
  await apiPatch(request, token, '/employer_selected', {
    loan_borrower: {
      employer_id: await employerId(request, token, kind),
      working_time_range: '3 - 5 years',
      ...(kind === 'partner' ? { employee_id: 'EMP-1001' } : {}),
    },
  });
  if (reached('phone_verification')) return borrower;

  const number = `+1${uniquePhoneDigits()}`;
  await apiPost(request, token, '/phones', { phone: { number } });
  await apiPost(request, token, '/phones/verify_phone', { phone: { number, code: await phoneCode(request, number) } });
  if (reached('loan_terms')) return borrower;

  await apiGet(request, token, '/loan');
  await apiGet(request, token, '/associate_terms_consent');
  await apiPost(request, token, '/workflow/next_status', { current_status: 'loan_terms' });
  if (reached('bank_link')) return borrower;

  // Manual bank entry (the application variant), verified with a statement.
  await apiPost(request, token, '/workflow/change_status', { new_status: 'bank_manual_input' });
  await apiPost(request, token, '/bank_informations/update_field', {
    bank_information: { account_type: 'checking', routing_transfer_number: HARBOR_POINT.routing, bank_account_number: '123456789' },
  });
  await uploadDocument(request, token, 'bank_statement');
  await apiGet(request, token, '/bank_informations/verify_manual');
  await apiPost(request, token, '/bank_informations/confirm');
  if (reached('choosing_receiver_account')) return borrower;

  await apiPost(request, token, '/bank_informations/confirm');
  if (reached('documents')) return borrower;

  for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) await uploadDocument(request, token, type);
  await apiPost(request, token, '/workflow/next_status', { current_status: await currentStatus(request, token) });
  if (reached('application_review')) return borrower;

  // The review's Confirm: the credit pull authorization first (GET /review is refused without it), then the review.
  await apiPost(request, token, '/borrower_agreement_documents?agreement=credit_pull_authorization');
  await apiGet(request, token, '/review');
  return borrower;
}

/** Signs the borrower in through the sign-in screen and waits for the page of their status. */
export async function signInThroughUi(page: Page, borrower: Pick<Borrower, 'email' | 'password'>, expectPath?: string | RegExp): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  if (expectPath) await expect(page).toHaveURL(expectPath);
}

export type StaffEmail = 'admin@payrail.test' | 'underwriter@payrail.test' | 'servicer@payrail.test';

/**
 * A staff API token, reused for a few minutes per member and server: the back-office login allows 10
 * attempts a minute per address, and the longer journeys need more staff calls than that.
 */
const staffTokens = new Map<string, { token: string; at: number }>();
export async function staffApiToken(request: APIRequestContext, email: StaffEmail): Promise<string> {
  // Checked before reuse: a token of another run's server (or one signed out) is not valid here.
  const cached = staffTokens.get(email);
  if (cached && Date.now() - cached.at < 5 * 60_000) {
    const check = await request.get('/api/backoffice/me', { headers: { authorization: cached.token } });
    if (check.status() === 200) return cached.token;
  }
  const res = await request.post('/api/backoffice/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const token = res.headers()['authorization']!;
  staffTokens.set(email, { token, at: Date.now() });
  return token;
}

/** A reviewer action on a borrower's application: `action` is status | feedback | approve | decline | deny | drop | cancel. */
export async function reviewerAction(request: APIRequestContext, staffToken: string, userId: number, action: string, data: unknown = {}): Promise<unknown> {
  return ok(await request.post(`/api/backoffice/applications/${userId}/${action}`, { headers: headers(staffToken), data }), `reviewer ${action}`);
}

/** Moves a borrower as a reviewer would (any reviewer row of the workflow table, e.g. `debit_card`). */
export async function reviewerMove(request: APIRequestContext, userId: number, newStatus: string, extra: Record<string, unknown> = {}): Promise<void> {
  const token = await staffApiToken(request, 'underwriter@payrail.test');
  await reviewerAction(request, token, userId, 'status', { new_status: newStatus, ...extra });
}
