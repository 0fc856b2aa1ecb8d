import { NEWFLOW_MSG, type TLoanOffer } from '@payrail/contract/newflow';
import { utcDay } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achAuthorizations, agreementDocuments, userAgreements } from '../src/db/schema/index';
import { CLOCK_START, classicApp } from './application-helpers';
import { confirmedApplicant, documentsToLoanOffer, linkSandboxBank, manualBank, newflowSteps, ok, upload, walkToRateCheck } from './newflow-helpers';
import { type TestApp } from './test-app';

/**
 * The new flow's auto-debit offer is the ACH debit authorization (docs/newflow.md, loan_offer): the
 * applicant accepts the Auto Debit Disclosure, and the step records the `ach_authorizations` row for the
 * verified account on file under the current disclosure, as the classic POST /auto_debit does.
 */

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

const TODAY = utcDay(new Date(CLOCK_START));
const db = () => app.ctx.database.db;
const postStep = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  newflowSteps(app).post(token, payload, { headers, remoteAddress });

/** A confirmed new-flow applicant walked (as newflow.int.test.ts does) to loan_offer: auto-debit with a manual account, or the manual split with a linked bank. */
async function atLoanOffer(program: 'auto_debit' | 'split') {
  const { id, token } = await confirmedApplicant(app, { emailPrefix: 'nf-ach', fingerprint: 'fp-nf-ach' });
  const steps = newflowSteps(app);
  await walkToRateCheck(steps, token);
  await steps.advance(token, { workflow_status_key: 'rate_check' }, 'select_program');

  if (program === 'split') {
    await ok(postStep(token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    await ok(postStep(token, { workflow_status_key: 'split_direct_deposit', manual: true }));
    await ok(postStep(token, { workflow_status_key: 'split_direct_deposit_manual', loan_borrower: { allotment: upload('allotment') } }));
    await linkSandboxBank(steps, token);
  } else {
    await ok(postStep(token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }));
    await manualBank(steps, token, { accountType: 'Checking', accountNumber: '12345678' });
  }
  await documentsToLoanOffer(steps, token, TODAY);
  const offers = (await steps.get(token, 'loan_offer')).json<{
    data: { split_direct_deposit: TLoanOffer[]; auto_debit: TLoanOffer[]; one_times: TLoanOffer[] };
  }>().data;
  return { token, id, offers };
}

const choose = (offer: TLoanOffer, isAutodebit: boolean, extra: Record<string, unknown> = {}) => ({
  workflow_status_key: 'loan_offer',
  isAutodebit,
  payment: offer.fixed_payment_amount,
  amount: offer.amount,
  terms: offer.terms,
  ...extra,
});

const authorizationsOf = (userId: number) => db().select().from(achAuthorizations).where(eq(achAuthorizations.userId, userId));
const agreementsOf = (userId: number) => db().select().from(userAgreements).where(eq(userAgreements.userId, userId));

describe('new flow: the auto-debit offer records the ACH debit authorization (loan_offer)', () => {
  it('refuses an auto-debit offer without the disclosure accepted (422, nothing written), records the authorization with it', async () => {
    const who = await atLoanOffer('auto_debit');
    const offer = who.offers.auto_debit[0]!;
    expect(offer).toBeTruthy();
    const agreementsBefore = await agreementsOf(who.id);
    const applicationBefore = await app.ctx.repos.application.activeApplication(who.id);

    for (const consent of [{}, { auto_debit_disclosure_accepted: false }]) {
      const refused = await postStep(who.token, choose(offer, true, consent));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual({ errors: { auto_debit_disclosure_accepted: [NEWFLOW_MSG.autoDebitDisclosureRequired] } });
    }
    expect(await authorizationsOf(who.id)).toEqual([]);
    expect(await agreementsOf(who.id)).toEqual(agreementsBefore);
    expect(await app.ctx.repos.workflow.currentStatus(who.id)).toBe('loan_offer');
    expect((await app.ctx.repos.newflow.find(who.id))?.chosenOffer ?? null).toBeNull();
    expect((await app.ctx.repos.application.activeApplication(who.id))?.paymentMethod ?? null).toBe(applicationBefore?.paymentMethod ?? null);

    const accepted = await ok(
      postStep(who.token, choose(offer, true, { auto_debit_disclosure_accepted: true }), { 'user-agent': 'vitest-newflow' }, '10.1.2.3'),
    );
    expect(accepted.new_status).toBe('password_creation');

    const account = (await app.ctx.repos.banking.currentReceiver(who.id))!;
    expect(account.verifiedAt).toBeTruthy();
    const rows = await authorizationsOf(who.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bankAccountId: account.id, ip: '10.1.2.3', userAgent: 'vitest-newflow' });
    const [document] = await db().select().from(agreementDocuments).where(eq(agreementDocuments.id, rows[0]!.agreementDocumentId));
    expect(document!.name).toBe('auto_debit_disclosure');
    expect(document!.id).toBe((await app.ctx.repos.reference.findAgreementDocument('auto_debit_disclosure', null))!.id);
    // The disclosure is accepted as a user agreement, as on the classic /auto_debit step.
    expect((await agreementsOf(who.id)).map((a) => a.agreementDocumentId)).toContain(document!.id);
    expect(await app.ctx.repos.application.activeApplication(who.id)).toMatchObject({
      paymentMethod: 'auto_debit',
      amountCents: offer.amount,
      paymentPerTermCents: offer.fixed_payment_amount,
    });
    expect((await app.ctx.repos.newflow.find(who.id))?.chosenOffer).toMatchObject({ amount: offer.amount, is_autodebit: true, method: 'auto_debit' });
  });

  it('a split-deposit offer records no ACH authorization', async () => {
    const who = await atLoanOffer('split');
    const offer = who.offers.split_direct_deposit[0]!;
    expect(offer).toBeTruthy();
    expect((await ok(postStep(who.token, choose(offer, false)))).new_status).toBe('password_creation');
    expect(await authorizationsOf(who.id)).toEqual([]);
    expect(await app.ctx.repos.application.activeApplication(who.id)).toMatchObject({ paymentMethod: 'split_direct_deposit' });
  });

  it('a one-time-payments offer (no debit to authorize) needs no consent and records no ACH authorization', async () => {
    const who = await atLoanOffer('auto_debit');
    const offer = who.offers.one_times[0]!;
    expect(offer).toBeTruthy();
    expect((await ok(postStep(who.token, choose(offer, true)))).new_status).toBe('password_creation');
    expect(await authorizationsOf(who.id)).toEqual([]);
    expect(await app.ctx.repos.application.activeApplication(who.id)).toMatchObject({ paymentMethod: 'one_times' });
  });
});
