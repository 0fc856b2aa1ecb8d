import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { eq } from 'drizzle-orm';
import { applicationMembers, loanBorrowers } from '../src/db/schema/index';
import { applyStatusMove } from '../src/modules/workflow/repository';
import { documentForm, tinyPdf } from './document-files';
import { auth, call, signUpConfirmed } from './identity-helpers';
import type { TestApp } from './test-app';

/** Routing numbers of the bundled sandbox directory (fictional banks; they pass the ABA checksum). */
export const HARBOR_POINT = { routing: '034821624', name: 'HARBOR POINT BANK, N.A.' };
export const CLEARBROOK = { routing: '013176439', name: 'CLEARBROOK STATE BANK' };
/** Passes the ABA checksum but is in no directory we ship. */
export const UNKNOWN_VALID_ROUTING = '011000015';

/**
 * Puts a member at a status as a reviewer would (the transition is stored, so the navigation stack and
 * the machine's facts see it).
 */
export async function setStatus(app: TestApp, userId: number, to: WorkflowStatus): Promise<void> {
  const db = app.ctx.database.db;
  const [row] = await db.select({ status: applicationMembers.workflowStatus }).from(applicationMembers).where(eq(applicationMembers.id, userId));
  if (row!.status === to) return;
  const ok = await db.transaction((tx) =>
    applyStatusMove(tx, { userId, from: row!.status as WorkflowStatus, to, event: 'test_setup', actor: 'reviewer', at: new Date() }),
  );
  if (!ok) throw new Error(`could not move ${userId} to ${to}`);
}

export async function setNames(app: TestApp, userId: number, firstName: string, lastName: string, employerId?: number): Promise<void> {
  await app.ctx.database.db
    .update(loanBorrowers)
    .set({ firstName, lastName, ...(employerId !== undefined ? { employerId } : {}) })
    .where(eq(loanBorrowers.userId, userId));
}

/** A confirmed member at `status`. */
export async function memberAt(app: TestApp, status: WorkflowStatus): Promise<{ token: string; id: number; email: string }> {
  const m = await signUpConfirmed(app);
  await setStatus(app, m.id, status);
  return m;
}

/**
 * Writes a complete set of chosen terms on the member's active application row, as the loan-terms step
 * does ($1,500 at 24.99 %, 26 biweekly payments): e-signature and the allotment amount read them.
 */
export async function chooseTerms(app: TestApp, userId: number, at: Date): Promise<void> {
  const application = await app.ctx.repos.application.ensureActiveApplication(userId, at);
  await app.ctx.repos.application.updateApplication(
    application.id,
    {
      amountCents: cents(150_000),
      feeAmountCents: cents(7_500),
      feeFinanced: true,
      feeLabel: 'origination fee',
      interestRate: '24.99',
      termFrequency: 'biweekly',
      numberOfPayments: 26,
      disbursementDate: parseIsoDate('2026-03-11'),
      firstPaymentDate: parseIsoDate('2026-03-27'),
    },
    at,
  );
}

export function uploadDocument(app: TestApp, token: string, type: string) {
  const form = documentForm({ data: tinyPdf(), filename: `${type}.pdf` }, type);
  return call(app, { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...auth(token) }, payload: form.payload });
}

export const get = (app: TestApp, token: string | null, url: string) => call(app, { url, headers: token ? auth(token) : {} });
export const post = (app: TestApp, token: string | null, url: string, payload?: unknown) =>
  call(app, { method: 'POST', url, headers: token ? auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** The employer id by slug (seeded reference data). */
export async function employerId(app: TestApp, name: string): Promise<number> {
  const list = (await call(app, { url: `/api/employers?search=${encodeURIComponent(name)}` })).json<{ id: number; name: string }[]>();
  const found = list.find((e) => e.name === name);
  if (!found) throw new Error(`no employer ${name}`);
  return found.id;
}
