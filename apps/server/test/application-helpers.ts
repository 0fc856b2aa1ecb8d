import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STAFF_PASSWORD } from '../src/db/seed';
import type { EmployerRow } from '../src/modules/reference/repository';
import { documentForm, tinyPdf } from './document-files';
import { auth, availableStateId, call, latestPhoneCode, signUpConfirmed, uniquePhone } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * Helpers of the classic-application tests. The clock starts at a fixed instant (so the rule set in
 * force and the business-day calendar are known) and then runs: Tuesday 1 December 2026, 15:00 UTC.
 */
export const CLOCK_START = Date.parse('2026-12-01T15:00:00Z');

export function classicApp(config: Parameters<typeof testApp>[0] = {}): Promise<TestApp> {
  const t0 = Date.now();
  return testApp({ now: () => new Date(CLOCK_START + (Date.now() - t0)), ...config });
}

/** A random SSN that passes every rule (areas 001–665, never 000/666/9xx; group and serial never zero). */
export function uniqueSsn(): string {
  const area = 1 + Math.floor(Math.random() * 665);
  const group = 1 + Math.floor(Math.random() * 99);
  const serial = 1 + Math.floor(Math.random() * 9999);
  return `${String(area === 666 ? 665 : area).padStart(3, '0')}-${String(group).padStart(2, '0')}-${String(serial).padStart(4, '0')}`;
}

export const updateField = (app: TestApp, token: string, values: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/about_yourself/update_field', headers: auth(token), payload: { loan_borrower: values } });

export const showField = (app: TestApp, token: string, field: string) => call(app, { url: `/api/about_yourself/show_field/${field}`, headers: auth(token) });

export const get = (app: TestApp, token: string, url: string) => call(app, { url, headers: auth(token) });
export const post = (app: TestApp, token: string, url: string, payload: unknown = {}) =>
  call(app, { method: 'POST', url, headers: auth(token), payload: payload as Record<string, unknown> });

export const next = (app: TestApp, token: string, current: string) => post(app, token, '/api/workflow/next_status', { current_status: current });

export const REFERENCES = [
  { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '(202) 555-0187' },
  { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '+1 202 555 0199' },
];

/** Every About-yourself answer, valid, for a 40-year-old earning $60,000 a year in an available state. */
export async function aboutYourselfAnswers(app: TestApp, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    first_name: 'Jordan',
    last_name: 'Rivera',
    date_of_birth: '04/12/1986',
    address: '12 Harbor Street',
    unit_number: 'Apt 4',
    zip_code: '19801',
    city: 'Wilmington',
    state_id: await availableStateId(app),
    driver_license_number: 'D1234567',
    driver_license_state_id: await availableStateId(app),
    social_security_number: uniqueSsn(),
    annual_income: '60,000',
    annual_household_income: '$75,000.00',
    housing_type: 'rent',
    housing_payment: '1200',
    loan_purpose_id: 2,
    military_active: false,
    ...overrides,
  };
}

/** Saves every About-yourself answer field by field (as the form auto-saves) and the two references. */
export async function fillAboutYourself(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<void> {
  for (const [field, value] of Object.entries(await aboutYourselfAnswers(app, overrides))) {
    const res = await updateField(app, token, { [field]: value });
    if (res.statusCode !== 200) throw new Error(`update_field ${field}: ${res.body}`);
  }
  const refs = await post(app, token, '/api/about_yourself/update_references', { references: REFERENCES });
  if (refs.statusCode !== 200) throw new Error(`update_references: ${refs.body}`);
}

/** Listed employers by kind: a federal agency (allotment), a partner employer, a private split-direct-deposit one; all paid bi-weekly. */
export const EMPLOYER_SLUGS = {
  federal: 'department-of-veterans-affairs',
  partner: 'cedar-health-partners',
  private: 'pinecrest-regional-medical-center',
} as const;

export async function employerOfKind(app: TestApp, kind: keyof typeof EMPLOYER_SLUGS): Promise<EmployerRow> {
  const found = (await app.ctx.database.db.query.employers.findFirst({ where: (e, { eq }) => eq(e.slug, EMPLOYER_SLUGS[kind]) })) as EmployerRow | undefined;
  if (!found) throw new Error(`no ${kind} employer seeded`);
  return found;
}

/** A confirmed borrower on the About-yourself step. */
export const newBorrower = (app: TestApp) => signUpConfirmed(app);

/** A borrower with every About-yourself answer saved, moved on to the employer step. */
export async function borrowerAtEmployer(app: TestApp, overrides: Record<string, unknown> = {}) {
  const who = await signUpConfirmed(app);
  await fillAboutYourself(app, who.token, overrides);
  const res = await next(app, who.token, 'about_yourself');
  if (res.statusCode !== 200) throw new Error(`advance: ${res.body}`);
  return who;
}

export const selectEmployer = (app: TestApp, token: string, body: Record<string, unknown>) =>
  call(app, { method: 'PATCH', url: '/api/employer_selected', headers: auth(token), payload: { loan_borrower: body } });

/** Verifies a new mobile number through the outbox code (phone_verification → loan_terms). */
export async function verifyPhone(app: TestApp, token: string): Promise<string> {
  const number = uniquePhone();
  const sent = await post(app, token, '/api/phones', { phone: { number } });
  if (sent.statusCode !== 201) throw new Error(`phones: ${sent.body}`);
  const code = await latestPhoneCode(app, number);
  const verified = await post(app, token, '/api/phones/verify_phone', { phone: { number, code } });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  return verified.json<{ new_status: string }>().new_status;
}

/** A borrower at loan terms: About yourself, a federal employer (3 - 5 years), a verified phone. */
export async function borrowerAtLoanTerms(app: TestApp, opts: { employer?: 'federal' | 'partner' | 'private'; overrides?: Record<string, unknown> } = {}) {
  const who = await borrowerAtEmployer(app, opts.overrides);
  const employer = await employerOfKind(app, opts.employer ?? 'federal');
  const selected = await selectEmployer(app, who.token, {
    employer_id: employer.id,
    working_time_range: '3 - 5 years',
    ...(employer.partnership ? { employee_id: 'EMP-001' } : {}),
  });
  if (selected.statusCode !== 200) throw new Error(`employer_selected: ${selected.body}`);
  const status = await verifyPhone(app, who.token);
  if (status !== 'loan_terms') throw new Error(`phone verified into ${status}`);
  return { ...who, employer };
}

export async function staffToken(app: TestApp, email: 'admin@payrail.test' | 'underwriter@payrail.test' | 'servicer@payrail.test'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    payload: { email, password: DEMO_STAFF_PASSWORD },
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.body}`);
  return res.headers.authorization as string;
}

/** Moves a member as the system would (for steps of other modules this file does not exercise). */
export async function forceStatus(app: TestApp, userId: number, to: WorkflowStatus): Promise<void> {
  const from = (await app.ctx.repos.workflow.currentStatus(userId)) as WorkflowStatus;
  await app.ctx.repos.workflow.move({ userId, from, to, event: 'test_setup', actor: 'system', at: app.ctx.now() });
}

/** Uploads a tiny real PDF as a document of `type`. */
export async function uploadDocument(app: TestApp, token: string, type: string): Promise<number> {
  const form = documentForm({ data: tinyPdf(), filename: `${type}.pdf` }, type);
  const res = await call(app, { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...auth(token) }, payload: form.payload });
  if (res.statusCode !== 201) throw new Error(`upload ${type}: ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** A temporary data directory for uploaded files, removed by the returned function. */
export function tempDataDir(): { dataDir: string; remove: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-classic-'));
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** The borrower authorizes the credit pull, as the application review's Confirm does before GET /review. */
export async function acceptCreditPull(app: TestApp, token: string): Promise<void> {
  const res = await post(app, token, '/api/borrower_agreement_documents?agreement=credit_pull_authorization');
  if (res.statusCode !== 201) throw new Error(`credit pull: ${res.body}`);
}

/**
 * A borrower on the application review with everything review needs: About yourself, a federal
 * employer, a verified phone, terms chosen and consented, the four documents, the credit pull
 * authorization. The bank steps (another module's) are passed over by a system move.
 */
export async function borrowerAtApplicationReview(
  app: TestApp,
  opts: { employer?: keyof typeof EMPLOYER_SLUGS; amount?: number; overrides?: Record<string, unknown> } = {},
) {
  const who = await borrowerAtLoanTerms(app, opts);
  const terms = await get(app, who.token, `/api/loan${opts.amount ? `?amount=${opts.amount}` : ''}`);
  if (terms.statusCode !== 200) throw new Error(`loan: ${terms.body}`);
  const consent = await get(app, who.token, '/api/associate_terms_consent');
  if (consent.statusCode !== 200) throw new Error(`consent: ${consent.body}`);
  for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) await uploadDocument(app, who.token, type);
  await acceptCreditPull(app, who.token);
  await forceStatus(app, who.id, 'application_review');
  return who;
}
