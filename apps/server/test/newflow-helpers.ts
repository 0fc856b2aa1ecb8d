import { PAYROLL_SANDBOX_CREDENTIALS } from '@payrail/contract/newflow';
import type { IsoDate } from '@payrail/domain/dates';
import { expect } from 'vitest';
import type { EMPLOYER_SLUGS } from './application-helpers';
import { employerOfKind, uniqueSsn } from './application-helpers';
import { HARBOR_POINT } from './banking-helpers';
import { tinyPdf } from './document-files';
import { auth, availableStateId, call, confirmEmail } from './identity-helpers';
import { type TestApp, uniqueEmail } from './test-app';

/**
 * The new flow's walk (docs/newflow.md), shared by the newflow*.int.test.ts files: sign-up and confirmation,
 * then each application step posted and checked to answer 200 and the status it moves to.
 */

export const NEWFLOW_STEP = '/api/applicationflow/application_step';

/** A step's file as the SPA posts it: a data URL (a PDF unless told otherwise). */
export const upload = (file_type: string, bytes: Buffer = tinyPdf(), mime = 'application/pdf') => ({
  file: `data:${mime};base64,${bytes.toString('base64')}`,
  file_extension: mime,
  file_type,
  filename: `${file_type}.pdf`,
});

/** The personal_info answers of the default applicant. */
export const NEWFLOW_PERSONAL = {
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
export type NewflowPersonal = typeof NEWFLOW_PERSONAL;

type Reply = { statusCode: number; body: string; json: <T>() => T };

/** Expects a step's reply to have the status (200 by default) and answers its body. */
export const ok = async (res: Promise<Reply>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json<{ new_status: string; pending?: boolean }>();
};

/** The step calls of one test file; `headers` go with every step (the compliance test's browser). */
export function newflowSteps(app: TestApp, o: { headers?: Record<string, string> } = {}) {
  const get = (token: string, step: string) => call(app, { url: `${NEWFLOW_STEP}/${step}`, headers: auth(token) });
  const post = (token: string, payload: Record<string, unknown>, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    call(app, {
      method: 'POST',
      url: NEWFLOW_STEP,
      headers: { ...auth(token), ...o.headers, ...extra.headers },
      payload,
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  /** Posts a step that must answer 200 and move the application to `expected`. */
  const advance = async (token: string, payload: Record<string, unknown>, expected: string, extra: { remoteAddress?: string } = {}) => {
    const answer = await ok(post(token, payload, extra));
    expect(answer.new_status).toBe(expected);
    return answer;
  };
  return { app, get, post, ok, advance };
}
export type NewflowSteps = ReturnType<typeof newflowSteps>;

export interface NewflowSignupOptions {
  email?: string;
  emailPrefix?: string;
  fingerprint?: string;
  amount?: number;
  /** The whole `loan` of the payload (default: `amount` bi-weekly for Emergency Cash, $150 a payment). */
  loan?: Record<string, unknown>;
  agreements?: Record<string, boolean>;
  employerId?: number;
  employeeId?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** POST /api/signup with new_flow (Check Your Rate); answers the reply unchecked. */
export async function newflowSignup(app: TestApp, o: NewflowSignupOptions = {}) {
  const email = o.email ?? uniqueEmail(o.emailPrefix ?? 'nf');
  const res = await call(app, {
    method: 'POST',
    url: '/api/signup',
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    ...(o.headers ? { headers: o.headers } : {}),
    payload: {
      application_member: { email },
      ...(o.fingerprint ? { fingerprint: o.fingerprint } : {}),
      agreements: o.agreements ?? { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: {
        state_id: await availableStateId(app),
        ...(o.employerId ? { employer_id: o.employerId } : {}),
        ...(o.employeeId ? { employee_id: o.employeeId } : {}),
      },
      loan: o.loan ?? { amount: o.amount ?? 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash', fixed_payment_amount: 15_000 },
      new_flow: true,
    },
  });
  return { res, email };
}

export type NewflowApplicant = { id: number; email: string; token: string };

/** Signed up (201) and confirmed (200): a new-flow applicant on job_info. */
export async function confirmedApplicant(app: TestApp, o: NewflowSignupOptions = {}): Promise<NewflowApplicant> {
  const { res, email } = await newflowSignup(app, o);
  expect(res.statusCode, res.body).toBe(201);
  const confirmed = await confirmEmail(app, email);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json()).toMatchObject({ workflow_status: 'job_info' });
  return { id: res.json<{ id: number }>().id, email, token: confirmed.headers.authorization as string };
}

/** job_info: full-time at an employer of the kind, three to five years, $60,000 a year. */
export async function postJobInfo(steps: NewflowSteps, token: string, employerSlug: keyof typeof EMPLOYER_SLUGS = 'private') {
  const employer = await employerOfKind(steps.app, employerSlug);
  return steps.ok(
    steps.post(token, {
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
}

/** Connects the sandbox payroll account through the widget calls; answers the account id. */
export async function connectPayroll(steps: NewflowSteps, token: string, username: string = PAYROLL_SANDBOX_CREDENTIALS.good.username) {
  const data = (await steps.get(token, 'employment')).json<{ data: { payroll_link: { user_token: string; link_item: string | null } } }>().data;
  const login = await call(steps.app, {
    method: 'POST',
    url: '/api/payroll_link/sandbox/login',
    headers: auth(token),
    payload: { user_token: data.payroll_link.user_token, link_item: data.payroll_link.link_item, username, password: 'passgood' },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { accountId: login.json<{ account_id: string }>().account_id, userToken: data.payroll_link.user_token };
}

/** personal_info: the applicant's answers in the first state open to lending. */
export async function postPersonal(steps: NewflowSteps, token: string, personal: NewflowPersonal = NEWFLOW_PERSONAL, overrides: Record<string, unknown> = {}) {
  const stateId = await availableStateId(steps.app);
  return steps.post(token, {
    workflow_status_key: 'personal_info',
    loan_borrower: { ...personal, driver_license_state_id: stateId, state_id: stateId, ...overrides },
  });
}

export interface RateCheckWalk {
  personal?: NewflowPersonal;
  ssn?: string;
  /** A pay stub instead of the payroll link. */
  manualEmployment?: boolean;
  /** The sandbox payroll user (test_1 by default). */
  payrollUsername?: string;
  /** The client address of the SSN step. */
  ssnRemoteAddress?: string;
}

/** job_info → employment (payroll link or pay stub) → personal info and housing → SSN: the application is at rate_check. */
export async function walkToRateCheck(steps: NewflowSteps, token: string, o: RateCheckWalk = {}) {
  expect((await postJobInfo(steps, token)).new_status).toBe('verify_employer');
  let payroll: { accountId: string; userToken: string } | null = null;
  if (o.manualEmployment) {
    await steps.advance(token, { workflow_status_key: 'verify_employer', skip: true }, 'verify_employer_manual');
    await steps.advance(token, { workflow_status_key: 'verify_employer_manual', pay_stub: upload('pay_stub') }, 'personal_info');
  } else {
    payroll = await connectPayroll(steps, token, o.payrollUsername);
    await steps.advance(token, { workflow_status_key: 'verify_employer', account_id: payroll.accountId }, 'personal_info');
  }
  expect((await steps.ok(postPersonal(steps, token, o.personal))).new_status).toBe('personal_info');
  await steps.advance(
    token,
    { workflow_status_key: 'personal_info', sub_step: 'rent', loan_borrower: { housing_type: 'rent', housing_payment: 120_000, education_level: 'graduate' } },
    'ssn_input',
  );
  const ssn = o.ssn ?? uniqueSsn();
  await steps.advance(
    token,
    { workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: ssn, social_security_number_confirmation: ssn } },
    'rate_check',
    { remoteAddress: o.ssnRemoteAddress },
  );
  return { payroll };
}

/** verify_bank_account by the sandbox bank widget (Harbor Point, its checking account): the step moves on to the documents. */
export async function linkSandboxBank(steps: NewflowSteps, token: string) {
  const widget = (await call(steps.app, { url: '/api/bank_informations/widget', headers: auth(token) })).json<{ link_token: string }>();
  const login = await call(steps.app, {
    method: 'POST',
    url: '/api/bank_link/sandbox/authorize',
    payload: { link_token: widget.link_token, institution_id: 'ins_sandbox_harbor_point', username: 'user_good', password: 'pass_good' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { public_token, accounts } = login.json<{ public_token: string; accounts: { id: string; subtype: string }[] }>();
  const saved = await call(steps.app, {
    method: 'POST',
    url: '/api/bank_informations/save_plaid_information',
    headers: auth(token),
    payload: { public_token, account_id: accounts.find((a) => a.subtype === 'checking')!.id },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await steps.advance(token, { workflow_status_key: 'verify_bank_account' }, 'additional_documents');
}

/** verify_bank_account with a manual Harbor Point account and its statement: the step moves on to the documents. */
export async function manualBank(steps: NewflowSteps, token: string, account: { accountType: 'Checking' | 'Savings'; accountNumber: string }) {
  await steps.advance(
    token,
    { workflow_status_key: 'verify_bank_account', manual: { ...account, routingNumber: HARBOR_POINT.routing, bankStatement: upload('bank_statement') } },
    'additional_documents',
  );
}

/** additional_documents: proof of address (dated `statementDate`, at the applicant's address), licence and selfie; then on to loan_offer. */
export async function documentsToLoanOffer(steps: NewflowSteps, token: string, statementDate: IsoDate, personal: NewflowPersonal = NEWFLOW_PERSONAL) {
  await steps.advance(
    token,
    {
      workflow_status_key: 'additional_documents',
      proof_of_address: upload('proof_of_address'),
      proof_of_address_facts: { statement_date: statementDate, address: personal.address, zip_code: personal.zip_code },
      driver_license: upload('driver_license'),
      selfie_photo: upload('selfie_photo'),
    },
    'additional_documents',
  );
  await steps.advance(token, { workflow_status_key: 'additional_documents' }, 'loan_offer');
}
