import { NEWFLOW_MSG, PAYROLL_SANDBOX_CREDENTIALS, type TLoanOffer } from '@payrail/contract/newflow';
import { utcDay } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achAuthorizations, agreementDocuments, userAgreements } from '../src/db/schema/index';
import { CLOCK_START, classicApp, employerOfKind, uniqueSsn } from './application-helpers';
import { HARBOR_POINT } from './banking-helpers';
import { tinyPdf } from './document-files';
import { auth, availableStateId, call, latestEmailToken } from './identity-helpers';
import { type TestApp, uniqueEmail } from './test-app';

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
const STEP = '/api/applicationflow/application_step';
const db = () => app.ctx.database.db;
const getStep = (token: string, step: string) => call(app, { url: `${STEP}/${step}`, headers: auth(token) });
const postStep = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  call(app, { method: 'POST', url: STEP, headers: { ...auth(token), ...headers }, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const upload = (file_type: string) => ({
  file: `data:application/pdf;base64,${tinyPdf().toString('base64')}`,
  file_extension: 'application/pdf',
  file_type,
  filename: `${file_type}.pdf`,
});

const ok = async (res: Promise<{ statusCode: number; body: string; json: <T>() => T }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json<{ new_status: string }>();
};

const PERSONAL = {
  first_name: 'Ana',
  middle_initial: 'B',
  last_name: 'Cruz',
  phone: '2025550100',
  date_of_birth: '1990-04-12',
  driver_license_number: 'D1234567',
  address: '123 North Main Street',
  unit_number: '',
  city: 'Springfield',
  zip_code: '62701',
};

/** A confirmed new-flow applicant walked (as newflow.int.test.ts does) to loan_offer: auto-debit with a manual account, or the manual split with a linked bank. */
async function atLoanOffer(program: 'auto_debit' | 'split') {
  const email = uniqueEmail('nf-ach');
  const stateId = await availableStateId(app);
  const signup = await call(app, {
    method: 'POST',
    url: '/api/signup',
    payload: {
      application_member: { email },
      fingerprint: 'fp-nf-ach',
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: stateId },
      loan: { amount: 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash', fixed_payment_amount: 15_000 },
      new_flow: true,
    },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const confirmed = await call(app, { url: `/api/confirmation?confirmation_token=${await latestEmailToken(app, email)}` });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const token = confirmed.headers.authorization as string;
  const id = signup.json<{ id: number }>().id;

  const employer = await employerOfKind(app, 'private');
  await ok(
    postStep(token, {
      workflow_status_key: 'job_info',
      loan_borrower: {
        employer_id: employer.id,
        working_time_range: '3-5 years',
        annual_income: 6_000_000,
        employment_status: 'full-time',
        payment_frequency: 'bi-weekly',
        annual_household_income: 8_000_000,
      },
    }),
  );
  const session = (await getStep(token, 'employment')).json<{ data: { payroll_link: { user_token: string; link_item: string | null } } }>().data.payroll_link;
  const payroll = await call(app, {
    method: 'POST',
    url: '/api/payroll_link/sandbox/login',
    headers: auth(token),
    payload: { user_token: session.user_token, link_item: session.link_item, username: PAYROLL_SANDBOX_CREDENTIALS.good.username, password: 'passgood' },
  });
  expect(payroll.statusCode, payroll.body).toBe(200);
  expect(
    (await ok(postStep(token, { workflow_status_key: 'verify_employer', account_id: payroll.json<{ account_id: string }>().account_id }))).new_status,
  ).toBe('personal_info');
  await ok(postStep(token, { workflow_status_key: 'personal_info', loan_borrower: { ...PERSONAL, driver_license_state_id: stateId, state_id: stateId } }));
  expect(
    (
      await ok(
        postStep(token, {
          workflow_status_key: 'personal_info',
          sub_step: 'rent',
          loan_borrower: { housing_type: 'rent', housing_payment: 120_000, education_level: 'graduate' },
        }),
      )
    ).new_status,
  ).toBe('ssn_input');
  const ssn = uniqueSsn();
  expect(
    (await ok(postStep(token, { workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: ssn, social_security_number_confirmation: ssn } })))
      .new_status,
  ).toBe('rate_check');
  expect((await ok(postStep(token, { workflow_status_key: 'rate_check' }))).new_status).toBe('select_program');

  if (program === 'split') {
    await ok(postStep(token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: true }));
    await ok(postStep(token, { workflow_status_key: 'split_direct_deposit', manual: true }));
    await ok(postStep(token, { workflow_status_key: 'split_direct_deposit_manual', loan_borrower: { allotment: upload('allotment') } }));
    const widget = (await call(app, { url: '/api/bank_informations/widget', headers: auth(token) })).json<{ link_token: string }>();
    const login = await call(app, {
      method: 'POST',
      url: '/api/bank_link/sandbox/authorize',
      payload: { link_token: widget.link_token, institution_id: 'ins_sandbox_harbor_point', username: 'user_good', password: 'pass_good' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { public_token, accounts } = login.json<{ public_token: string; accounts: { id: string; subtype: string }[] }>();
    const saved = await call(app, {
      method: 'POST',
      url: '/api/bank_informations/save_plaid_information',
      headers: auth(token),
      payload: { public_token, account_id: accounts.find((a) => a.subtype === 'checking')!.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ok(postStep(token, { workflow_status_key: 'verify_bank_account' }))).new_status).toBe('additional_documents');
  } else {
    await ok(postStep(token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }));
    const bank = await ok(
      postStep(token, {
        workflow_status_key: 'verify_bank_account',
        manual: { accountType: 'Checking', routingNumber: HARBOR_POINT.routing, accountNumber: '12345678', bankStatement: upload('bank_statement') },
      }),
    );
    expect(bank.new_status).toBe('additional_documents');
  }
  await ok(
    postStep(token, {
      workflow_status_key: 'additional_documents',
      proof_of_address: upload('proof_of_address'),
      proof_of_address_facts: { statement_date: TODAY, address: PERSONAL.address, zip_code: PERSONAL.zip_code },
      driver_license: upload('driver_license'),
      selfie_photo: upload('selfie_photo'),
    }),
  );
  expect((await ok(postStep(token, { workflow_status_key: 'additional_documents' }))).new_status).toBe('loan_offer');
  const offers = (await getStep(token, 'loan_offer')).json<{
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
