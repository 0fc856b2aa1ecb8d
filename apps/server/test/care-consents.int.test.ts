import type { TConsentCentre } from '@payrail/contract/care';
import { CONSENT_MSG, CONSENT_RESTORED_NOTICE, ELECTRONIC_CONSENT, consentWithdrawnNotice } from '@payrail/domain/care/consents';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementDocuments, consentWithdrawals, notifications, staffActions, userAgreements } from '../src/db/schema/index';
import { classicApp, staffToken, tempDataDir } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { fundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

const files = tempDataDir();
let app: TestApp;
let servicer: string;
let underwriter: string;
beforeAll(async () => {
  app = await classicApp({ config: { dataDir: files.dataDir } });
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
});
afterAll(async () => {
  await app.close();
  files.remove();
});

const db = () => app.ctx.database.db;
const centre = async (token: string) => {
  const res = await call(app, { url: '/api/dashboard/consents', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TConsentCentre>();
};
const withdraw = (token: string, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/dashboard/consents/electronic_communications/withdraw', headers: auth(token), payload });
const restore = (token: string) =>
  call(app, { method: 'POST', url: '/api/dashboard/consents/electronic_communications/restore', headers: auth(token), payload: {} });
const notes = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)).map((n) => n.message);

describe('consent centre (GET /dashboard/consents)', () => {
  it('needs a session', async () => {
    expect((await call(app, { url: '/api/dashboard/consents' })).statusCode).toBe(401);
  });

  it('lists the sign-up agreements with time, IP and version; the E-SIGN consent is given; each downloads', async () => {
    const who = await signUpConfirmed(app);
    const c = await centre(who.token);
    expect(c.records.map((r) => r.name).sort()).toEqual([ELECTRONIC_CONSENT, 'privacy_notice']);
    const esign = c.records.find((r) => r.name === ELECTRONIC_CONSENT)!;
    expect(esign).toMatchObject({ kind: 'agreement', title: 'Consent to Receive Electronic Communications (E-SIGN Disclosure)', revoked_at: null });
    expect(esign.version.length).toBeGreaterThan(0);
    expect(esign.ip).toMatch(/^[0-9a-f.:]+$/);
    expect(Date.parse(esign.accepted_at)).not.toBeNaN();
    expect(c.electronic_communications).toMatchObject({ state: 'given', delivery: 'electronic', withdrawn_at: null, history: [] });
    expect(c.electronic_communications.consequences[0]).toMatch(/we will not be able to complete your application/);
    const pdf = await call(app, { url: `/api/borrower_agreement_documents/${esign.document_id}`, headers: auth(who.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('withdraws only after the consequences are confirmed; paper delivery is recorded and told; given again by restore', async () => {
    const who = await signUpConfirmed(app);
    const unconfirmed = await withdraw(who.token, {});
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toEqual({ error: CONSENT_MSG.confirmRequired });
    expect(await db().select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, who.id))).toEqual([]);

    const done = await withdraw(who.token, { confirm: true });
    expect(done.statusCode).toBe(200);
    const ec = done.json<TConsentCentre>().electronic_communications;
    expect(ec).toMatchObject({ state: 'withdrawn', delivery: 'paper', history: [{ restored_at: null, recorded_by_staff: false }] });
    expect(ec.withdrawn_at).not.toBeNull();
    const [row] = await db().select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, who.id));
    expect(row).toMatchObject({ agreementName: ELECTRONIC_CONSENT, ip: expect.any(String), restoredAt: null, recordedByStaffId: null });
    expect(await notes(who.id)).toEqual([consentWithdrawnNotice(row!.mailingAddress)]);

    const again = await withdraw(who.token, { confirm: true });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: CONSENT_MSG.alreadyWithdrawn });

    const back = await restore(who.token);
    expect(back.statusCode).toBe(200);
    expect(back.json<TConsentCentre>().electronic_communications).toMatchObject({ state: 'given', delivery: 'electronic', withdrawn_at: null });
    expect(back.json<TConsentCentre>().electronic_communications.history[0]!.restored_at).not.toBeNull();
    expect((await notes(who.id)).at(-1)).toBe(CONSENT_RESTORED_NOTICE);
    const twice = await restore(who.token);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ error: CONSENT_MSG.notWithdrawn });
  });

  it('refuses to withdraw a consent never given', async () => {
    const who = await signUpConfirmed(app);
    const [doc] = await db()
      .select({ id: agreementDocuments.id })
      .from(agreementDocuments)
      .innerJoin(userAgreements, eq(userAgreements.agreementDocumentId, agreementDocuments.id))
      .where(and(eq(userAgreements.userId, who.id), eq(agreementDocuments.name, ELECTRONIC_CONSENT)));
    await db()
      .delete(userAgreements)
      .where(and(eq(userAgreements.userId, who.id), eq(userAgreements.agreementDocumentId, doc!.id)));
    expect((await centre(who.token)).electronic_communications.state).toBe('never_given');
    const res = await withdraw(who.token, { confirm: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: CONSENT_MSG.notGiven });
  });

  it('a funded borrower sees the signed note (name signed, downloadable as the signed PDF) and the loan’s consequences', async () => {
    const funded = await fundedBorrower(app);
    const c = await centre(funded.token);
    const note = c.records.find((r) => r.kind === 'esignature')!;
    expect(note).toMatchObject({ name: 'promissory_note_terms', title: 'Promissory note (signed)', detail: 'Signed as Jordan Rivera' });
    const pdf = await call(app, { url: `/api/borrower_agreement_documents/${note.document_id}`, headers: auth(funded.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/promissory-note-signed-/);
    expect(c.electronic_communications.consequences).toContain('The terms of your loan do not change, and your payments continue as scheduled.');
    expect(c.electronic_communications.consequences.some((s) => s.includes('complete your application'))).toBe(false);
  });
});

describe('consent centre in the back office', () => {
  it('staff read it; a servicer records a withdrawal received by phone (audited); an underwriter may not', async () => {
    const who = await signUpConfirmed(app);
    const url = `/api/backoffice/members/${who.id}/consents`;
    const read = await call(app, { url, headers: auth(underwriter) });
    expect(read.statusCode).toBe(200);
    expect(read.json<TConsentCentre>()).toEqual(await centre(who.token));
    expect(
      (await call(app, { method: 'POST', url: `${url}/electronic_communications/withdraw`, headers: auth(underwriter), payload: { confirm: true } }))
        .statusCode,
    ).toBe(403);
    const recorded = await call(app, { method: 'POST', url: `${url}/electronic_communications/withdraw`, headers: auth(servicer), payload: { confirm: true } });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json<TConsentCentre>().electronic_communications).toMatchObject({
      state: 'withdrawn',
      delivery: 'paper',
      history: [{ recorded_by_staff: true }],
    });
    const audit = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, who.id), eq(staffActions.action, 'record_consent_withdrawal')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ agreement: ELECTRONIC_CONSENT });
    expect((await centre(who.token)).electronic_communications.delivery).toBe('paper');
  });
});
