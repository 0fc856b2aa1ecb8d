/**
 * New flow compliance (issue #33): a counteroffer says so and why, with the combined counteroffer and
 * adverse-action notice recorded and e-mailed; every consent the applicant gives in the new flow is
 * recorded with its time, IP and browser at the step where it is given.
 */
import type { TCounterofferNotice, TLoanOffer } from '@payrail/contract/newflow';
import { utcDay } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementDocuments, userAgreements } from '../src/db/schema/index';
import { BUREAU_CONTACT } from '../src/modules/newflow/counteroffer-notice';
import { CLOCK_START, classicApp } from './application-helpers';
import { availableStateId, call, confirmEmail, latestPhoneCode, newflowSignUp, outbox, PASSWORD, uniquePhone } from './identity-helpers';
import { confirmedApplicant, documentsToLoanOffer, manualBank, newflowSteps, ok, walkToRateCheck } from './newflow-helpers';
import { type TestApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

const TODAY = utcDay(new Date(CLOCK_START));
/** Every step comes from the same browser. */
const steps = () => newflowSteps(app, { headers: { 'user-agent': 'compliance-test' } });
const getStep = (token: string, step: string) => steps().get(token, step);
const postStep = (token: string, payload: Record<string, unknown>, remoteAddress?: string) => steps().post(token, payload, { remoteAddress });
/** An SSN ending in the sandbox bureau's given last four (0002 = counteroffer, other = good score). */
const ssnEnding = (last4: string) =>
  `${String(1 + Math.floor(Math.random() * 600)).padStart(3, '0')}-${String(1 + Math.floor(Math.random() * 98)).padStart(2, '0')}-${last4}`;
const PERSONAL = {
  first_name: 'Rita',
  middle_initial: 'C',
  last_name: 'Moss',
  phone: '2025550100',
  date_of_birth: '1988-02-03',
  driver_license_number: 'D7654321',
  address: '9 Elm Street',
  unit_number: '',
  city: 'Springfield',
  zip_code: '62701',
};

/** Check Your Rate with every document its terms checkbox covers; confirmed; up to the rate check's decision. */
async function decided(o: { amount: number; ssnLast4: string; extraAgreements?: boolean }) {
  const who = await confirmedApplicant(app, {
    emailPrefix: 'nfc',
    remoteAddress: '10.9.8.1',
    headers: { 'user-agent': 'compliance-test' },
    agreements: {
      privacy_notice: true,
      consent_eletronic_comunications: true,
      ...(o.extraAgreements === false ? {} : { consent_text_messaging: true, auto_debit_disclosure: true, terms_of_use: true }),
    },
    loan: { amount: o.amount, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash' },
  });
  await walkToRateCheck(steps(), who.token, { personal: PERSONAL, ssn: ssnEnding(o.ssnLast4), ssnRemoteAddress: '10.9.8.2' });
  expect((await ok(postStep(who.token, { workflow_status_key: 'rate_check' }))).new_status).toBe('select_program');
  return who;
}

/** select_program (auto-debit) → manual bank → documents → loan_offer. */
async function toLoanOffer(token: string) {
  await ok(postStep(token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }));
  await manualBank(steps(), token, { accountType: 'Checking', accountNumber: '12348765' });
  await documentsToLoanOffer(steps(), token, TODAY, PERSONAL);
  const res = await getStep(token, 'loan_offer');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      auto_debit: TLoanOffer[];
      one_times: TLoanOffer[];
      split_direct_deposit: TLoanOffer[];
      discount_percentage: number;
      counteroffer?: TCounterofferNotice | null;
    };
  }>().data;
}

async function acceptedAgreements(userId: number) {
  return app.ctx.database.db
    .select({ name: agreementDocuments.name, acceptedAt: userAgreements.acceptedAt, ip: userAgreements.ip, userAgent: userAgreements.userAgent })
    .from(userAgreements)
    .innerJoin(agreementDocuments, eq(agreementDocuments.id, userAgreements.agreementDocumentId))
    .where(eq(userAgreements.userId, userId));
}

describe('counteroffer (SSN …0002 asking $2,000)', () => {
  it('says the offers are less than asked and why, records the combined adverse-action notice and e-mails it once', async () => {
    const who = await decided({ amount: 200_000, ssnLast4: '0002' });
    const nf = (await app.ctx.repos.newflow.find(who.id))!;
    expect(nf).toMatchObject({ rateCheckOutcome: 'counteroffer', rateCheckApprovedCents: 100_000 });
    // The principal reasons: the sandbox bureau's key factor for the middling score.
    expect(nf.rateCheckReasons).toEqual(['Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high']);

    const data = await toLoanOffer(who.token);
    expect(data.auto_debit.length).toBeGreaterThan(0);
    for (const offer of [...data.auto_debit, ...data.one_times]) expect(offer.amount).toBeLessThanOrEqual(100_000);
    const notice = data.counteroffer!;
    expect(notice).toMatchObject({
      requested_amount: 200_000,
      offered_amount: 100_000,
      reasons: nf.rateCheckReasons,
      credit_score: 615,
      bureau_name: BUREAU_CONTACT.sandbox.name,
      sent_at: expect.any(String),
    });
    // The notice's required parts (Reg B 1002.9(a)(2), FCRA 615(a)): creditor, action, reasons, ECOA, score and bureau, free report within 60 days.
    for (const part of [
      'Harbor Point Bank, N.A.',
      'We cannot offer you the amount you asked for',
      '$2,000.00',
      '$1,000.00',
      nf.rateCheckReasons![0]!,
      'Equal Credit Opportunity Act',
      'Your credit score: 615',
      'Scores range from a low of 300 to a high of 850',
      BUREAU_CONTACT.sandbox.phone,
      'no later than 60 days',
      'we will not send another',
    ]) {
      expect(notice.text).toContain(part);
    }
    const mails = (await outbox(app, who.email)).filter((m) => m.subject === 'About the amount of your Payrail loan request');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Your credit score: 615');
    // Later polls and reads do not send it again.
    await getStep(who.token, 'loan_offer');
    expect((await outbox(app, who.email)).filter((m) => m.subject === 'About the amount of your Payrail loan request')).toHaveLength(1);
  });

  it('gives an approval of the full amount no counteroffer and no notice', async () => {
    const who = await decided({ amount: 200_000, ssnLast4: '4321' });
    const data = await toLoanOffer(who.token);
    expect(data.counteroffer ?? null).toBeNull();
    expect((await outbox(app, who.email)).some((m) => m.subject === 'About the amount of your Payrail loan request')).toBe(false);
  });
});

describe('consents recorded in the new flow', () => {
  it('a completed new-flow application has every consent, each with its time, IP and browser, at the step where it was given', async () => {
    const who = await decided({ amount: 300_000, ssnLast4: '5678' });
    const data = await toLoanOffer(who.token);
    const offer = data.auto_debit[0]!;
    await ok(
      postStep(who.token, {
        workflow_status_key: 'loan_offer',
        isAutodebit: true,
        payment: offer.fixed_payment_amount,
        amount: offer.amount,
        terms: offer.terms,
        auto_debit_disclosure_accepted: true,
      }),
    );
    await ok(postStep(who.token, { workflow_status_key: 'password_creation', loan_borrower: { password: PASSWORD, password_confirm: PASSWORD } }));
    const number = uniquePhone();
    await ok(postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number } }), 201);
    expect(
      (await ok(postStep(who.token, { workflow_status_key: 'phone_validation', phone: { number, code: await latestPhoneCode(app, number) } }))).new_status,
    ).toBe('application_submitted');

    const rows = await acceptedAgreements(who.id);
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const name of [
      'privacy_notice',
      'consent_eletronic_comunications',
      'consent_text_messaging',
      'auto_debit_disclosure',
      'terms_of_use',
      'credit_pull_authorization',
    ]) {
      const row = byName.get(name);
      expect(row, name).toBeTruthy();
      expect(row!.acceptedAt).toBeInstanceOf(Date);
      expect(row!.ip, name).toBeTruthy();
    }
    // Sign-up's documents at sign-up, the credit pull at the SSN step (its own address and browser).
    expect(byName.get('terms_of_use')!.ip).toBe('10.9.8.1');
    expect(byName.get('credit_pull_authorization')).toMatchObject({ ip: '10.9.8.2', userAgent: 'compliance-test' });
  });

  it('records only the spec two at a sign-up that sends only them (the credit pull still at the SSN step)', async () => {
    const who = await decided({ amount: 300_000, ssnLast4: '6789', extraAgreements: false });
    const names = (await acceptedAgreements(who.id)).map((r) => r.name).sort();
    expect(names).toEqual(['consent_eletronic_comunications', 'credit_pull_authorization', 'privacy_notice']);
  });

  it('refuses a sign-up that sends an extra agreement other than true', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/signup',
      payload: {
        application_member: { email: uniqueEmail('nfc') },
        agreements: { privacy_notice: true, consent_eletronic_comunications: true, terms_of_use: false },
        loan_borrower: { state_id: await availableStateId(app) },
        loan: { amount: 100_000, payment_frequency: 'monthly', loan_purpose_name: 'Emergency Cash' },
        new_flow: true,
      },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('already_started (POST /email for an application in progress without a password)', () => {
  it('says the continue link was sent, within the hourly limit, and that the account has no password', async () => {
    const { res: signup, email } = await newflowSignUp(app, {
      emailPrefix: 'nfc-started',
      loan: { amount: 100_000, payment_frequency: 'monthly', loan_purpose_name: 'Emergency Cash' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    await confirmEmail(app, email);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await call(app, { method: 'POST', url: '/api/email', payload: { email } })).json<{ continue_link: string }>());
    expect(answers.map((a) => a.continue_link)).toEqual(['sent', 'sent', 'sent', 'limit_reached']);
    expect(answers[0]).toEqual({ data: 'already_started', has_password: false, continue_link: 'sent', link_valid_hours: 72 });
    expect((await outbox(app, email)).filter((m) => /\/c\/[A-Za-z0-9_-]+/.test(m.body))).toHaveLength(3);
  });
});
