import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../src/db/schema/index';
import { documentForm, multipart, tinyPdf, tinyPng } from './document-files';
import {
  REFERENCES,
  borrowerAtApplicationReview,
  borrowerAtEmployer,
  borrowerAtLoanTerms,
  classicApp,
  employerOfKind,
  fillAboutYourself,
  forceStatus,
  uploadDocument,
} from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { auth, availableStateId, call, PASSWORD, signUpConfirmed, signupBody, uniquePhone } from './identity-helpers';
import { fundedBorrower, saveCard } from './servicing-helpers';
import type { TestApp } from './test-app';
import { uniqueEmail } from './test-app';

/**
 * Issue #33: a double click must never answer 500. Every borrower-facing write route (POST, PUT, PATCH,
 * DELETE under /api that a signed-in borrower or a visitor can call) gets the SAME request five times at
 * once, with one token and a valid body, at the workflow step that makes it callable. No answer may be a
 * 5xx; a "save my list" write (`same`) must answer the five alike, 2xx, and leave what ONE call leaves on
 * a twin member at the same step (`state`, read back and compared). The route list is the server's own
 * (`app.routeTable`): a borrower write route with neither a case nor an exclusion here fails the test.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL (where the requests really run side by side).
 */
const PARALLEL = 5;

type Who = { id: number; token: string; email: string; loanId?: number };
type Step = (app: TestApp) => Promise<Who>;

type Case = {
  /** Where the member stands before the five requests. */
  step: Step;
  /** The one request, sent five times at once (a fresh address each, as the browser's double click is one client). */
  request: (who: Who, app: TestApp) => Promise<InjectOptions> | InjectOptions;
  /** The five answers are the same 2xx (an idempotent write). */
  same?: boolean;
  /** What the write leaves, read back; after five at once it must equal what one call leaves on a twin. */
  state?: (who: Who, app: TestApp) => Promise<unknown>;
};

// ── Workflow steps (each builds a fresh member) ──────────────────────────────────────────────────
const anonymous: Step = async () => ({ id: 0, token: '', email: uniqueEmail('anon') });
const signedUp: Step = (app) => signUpConfirmed(app);
const aboutYourselfFilled: Step = async (app) => {
  const who = await signUpConfirmed(app);
  await fillAboutYourself(app, who.token);
  return who;
};
const atEmployer: Step = (app) => borrowerAtEmployer(app);
const atStatus =
  (status: WorkflowStatus, from: Step = (app) => borrowerAtLoanTerms(app)): Step =>
  async (app) => {
    const who = await from(app);
    await forceStatus(app, who.id, status);
    return who;
  };
const withReceiver =
  (status: WorkflowStatus): Step =>
  async (app) => {
    const who = await borrowerAtApplicationReview(app);
    await forceStatus(app, who.id, 'bank_manual_input');
    const saved = await call(app, {
      method: 'POST',
      url: '/api/bank_informations/update_field',
      headers: auth(who.token),
      payload: { bank_information: MANUAL_ACCOUNT },
    });
    if (saved.statusCode !== 200) throw new Error(`bank update_field: ${saved.body}`);
    await forceStatus(app, who.id, status);
    return who;
  };
/** One funded loan shared by the cases of the dashboard (each route is a different write on it). */
let funded: Promise<Who> | undefined;
const dashboard: Step = (app) => {
  funded ??= fundedBorrower(app).then((f) => ({ id: f.id, token: f.token, email: f.email, loanId: f.loan.id }));
  return funded;
};
const ownFundedLoan: Step = async (app) => {
  const f = await fundedBorrower(app);
  return { id: f.id, token: f.token, email: f.email, loanId: f.loan.id };
};

const MANUAL_ACCOUNT = { account_type: 'checking', routing_transfer_number: CLEARBROOK.routing, bank_account_number: '000123456789' };

const json = (method: InjectOptions['method'], url: string, payload?: unknown) => (who: Who) => ({
  method,
  url,
  headers: who.token ? auth(who.token) : {},
  ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
});
const read = (url: string) => async (who: Who, app: TestApp) => (await call(app, { url, headers: auth(who.token) })).json<unknown>();
const readField = (field: string) => read(`/api/about_yourself/show_field/${field}`);

// ── The cases, by the step that makes the route callable ─────────────────────────────────────────
const CASES: Record<string, Case> = {
  // Public calls (a visitor, or anyone signed in).
  'POST /api/signup': {
    step: anonymous,
    request: async (who, app) => ({ method: 'POST', url: '/api/signup', payload: await signupBody(app, { email: who.email }) }),
  },
  'POST /api/login': {
    step: signedUp,
    request: (who) => ({ method: 'POST', url: '/api/login', payload: { application_member: { email: who.email, password: PASSWORD } } }),
  },
  'DELETE /api/logout': { step: signedUp, request: json('DELETE', '/api/logout') },
  'POST /api/email': { step: signedUp, request: (who) => ({ method: 'POST', url: '/api/email', payload: { email: who.email } }), same: true },
  'POST /api/confirmation/resend_confirmation': {
    step: async (app) => {
      const email = uniqueEmail('resend');
      const res = await call(app, { method: 'POST', url: '/api/signup', payload: await signupBody(app, { email }) });
      return { id: res.json<{ id: number }>().id, token: '', email };
    },
    request: (who) => ({ method: 'POST', url: '/api/confirmation/resend_confirmation', payload: { application_member: { email: who.email } } }),
  },
  'POST /api/password': {
    step: signedUp,
    request: (who) => ({ method: 'POST', url: '/api/password', payload: { application_member: { email: who.email, lang: 'en' } } }),
  },
  'PATCH /api/password': {
    step: signedUp,
    request: () => ({
      method: 'PATCH',
      url: '/api/password',
      payload: { application_member: { reset_password_token: 'not-a-token', password: PASSWORD, password_confirmation: PASSWORD } },
    }),
  },
  // One link wins; the others are the spec's refusal "A friend already referred you." (422).
  'POST /api/refer_code': { step: signedUp, request: json('POST', '/api/refer_code', { refer_code: 'jordan25' }) },
  'POST /api/captcha': { step: anonymous, request: json('POST', '/api/captcha', { token: 'human' }), same: true },
  'POST /api/visitor': { step: signedUp, request: json('POST', '/api/visitor', { fingerprint: 'fp-parallel', page: '/signup', queryString: '' }), same: true },
  'POST /api/support_messages': { step: signedUp, request: json('POST', '/api/support_messages', { message: 'Is my application complete?' }) },
  'POST /api/leads': {
    step: anonymous,
    request: async (who, app) => ({
      method: 'POST',
      url: '/api/leads',
      payload: {
        lead: {
          full_name: 'Pat Doe',
          email: who.email,
          state_id: (await app.inject('/api/states')).json<{ id: number; is_available: boolean }[]>().find((s) => !s.is_available)!.id,
        },
      },
    }),
  },
  'POST /api/card_tokenizer/sandbox/tokenize': {
    step: anonymous,
    request: json('POST', '/api/card_tokenizer/sandbox/tokenize', {
      name: 'Jordan Rivera',
      number: '4242424242424242',
      exp_month: '12',
      exp_year: '2030',
      cvc: '123',
    }),
  },

  // About yourself (the first step after sign-up).
  'POST /api/about_yourself/update_references': {
    step: signedUp,
    request: json('POST', '/api/about_yourself/update_references', { references: REFERENCES }),
    same: true,
    state: read('/api/about_yourself/borrower_references'),
  },
  'POST /api/about_yourself/update_field': {
    step: signedUp,
    request: json('POST', '/api/about_yourself/update_field', { loan_borrower: { first_name: 'Jordan', housing_type: 'rent', annual_income: '60,000' } }),
    same: true,
    state: async (who, app) => Promise.all(['first_name', 'housing_type', 'annual_income'].map((f) => readField(f)(who, app))),
  },
  'POST /api/education_program': {
    step: async (app) => {
      const who = await signUpConfirmed(app);
      await call(app, {
        method: 'POST',
        url: '/api/about_yourself/update_field',
        headers: auth(who.token),
        payload: { loan_borrower: { first_name: 'Jordan', last_name: 'Rivera' } },
      });
      return who;
    },
    request: json('POST', '/api/education_program', { initials: { first: 'J', last: 'R' }, agreement: true }),
    same: true,
    state: read('/api/education_program'),
  },
  'POST /api/workflow/next_status': {
    step: aboutYourselfFilled,
    request: json('POST', '/api/workflow/next_status', { current_status: 'about_yourself' }),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/workflow/change_status': {
    step: atEmployer,
    request: json('POST', '/api/workflow/change_status', { new_status: 'about_yourself' }),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/change_status': {
    step: atEmployer,
    request: json('POST', '/api/change_status', { new_status: 'about_yourself' }),
    state: read('/api/workflow/navigation_stack'),
  },
  'PATCH /api/users/avatar': {
    step: signedUp,
    request: (who) => {
      const form = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: tinyPng() }]);
      return { method: 'PATCH', url: '/api/users/avatar', headers: { ...form.headers, ...auth(who.token) }, payload: form.payload };
    },
  },
  'POST /api/documents': {
    step: signedUp,
    request: (who) => {
      const form = documentForm({ data: tinyPdf(), filename: 'pay_stub.pdf' }, 'pay_stub');
      return { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...auth(who.token) }, payload: form.payload };
    },
  },
  'DELETE /api/documents/:id': {
    step: async (app) => {
      const who = await signUpConfirmed(app);
      const documentId = await uploadDocument(app, who.token, 'pay_stub');
      return { ...who, loanId: documentId };
    },
    request: (who) => json('DELETE', `/api/documents/${who.loanId}`)(who),
    state: read('/api/documents'),
  },
  'POST /api/user_feedback': { step: signedUp, request: json('POST', '/api/user_feedback', { feedback: { rating: 4, message: 'Quick and clear.' } }) },
  'PATCH /api/benefits/read': { step: signedUp, request: json('PATCH', '/api/benefits/read'), same: true, state: read('/api/benefits') },

  // Employer.
  'POST /api/change_income_source': {
    step: atEmployer,
    request: json('POST', '/api/change_income_source', { income_source: 'Retired', working_time_range: 'More than 5 years' }),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/employers': {
    step: atEmployer,
    request: json('POST', '/api/employers', { employer: { name: 'Parallel Works', paymentFrequency: 'Bi-weekly', paymentDate: '11/20/2026' } }),
  },
  'PATCH /api/employer_selected': {
    step: atEmployer,
    request: async (who, app) =>
      json('PATCH', '/api/employer_selected', { loan_borrower: { employer_id: (await employerOfKind(app, 'federal')).id, working_time_range: '3 - 5 years' } })(
        who,
      ),
    state: read('/api/workflow/navigation_stack'),
  },

  // Phone verification.
  'POST /api/phones': {
    step: atStatus('phone_verification', atEmployer),
    request: (who) => json('POST', '/api/phones', { phone: { number: phoneOf(who) } })(who),
  },
  'POST /api/phones/resend_verification_code': {
    step: atStatus('phone_verification', atEmployer),
    request: (who) => json('POST', '/api/phones/resend_verification_code', { phone: { number: phoneOf(who) } })(who),
  },
  'POST /api/phones/verify_phone': {
    step: atStatus('phone_verification', atEmployer),
    request: (who) => json('POST', '/api/phones/verify_phone', { phone: { number: phoneOf(who), code: '000000' } })(who),
  },
  'POST /api/dashboard/phones': { step: dashboard, request: (who) => json('POST', '/api/dashboard/phones', { phone: { number: phoneOf(who) } })(who) },
  'POST /api/dashboard/verify_phone': {
    step: dashboard,
    request: (who) => json('POST', '/api/dashboard/verify_phone', { phone: { number: phoneOf(who), code: '000000' } })(who),
  },

  // Loan terms and agreements.
  'POST /api/borrower_agreement_documents': {
    step: (app) => borrowerAtLoanTerms(app),
    request: json('POST', '/api/borrower_agreement_documents?agreement=credit_pull_authorization'),
    same: true,
  },
  'POST /api/agreements': {
    step: withReceiver('esignature_needed'),
    request: async (who, app) => {
      const page = (await call(app, { url: '/api/esignature', headers: auth(who.token) })).json<{ agreements: { id: number }[] }>();
      return json('POST', '/api/agreements', { agreements: { id: page.agreements[0]!.id } })(who);
    },
    same: true,
  },

  // Bank steps.
  'POST /api/bank_informations/update_field': {
    step: atStatus('bank_manual_input'),
    request: json('POST', '/api/bank_informations/update_field', { bank_information: MANUAL_ACCOUNT }),
    same: true,
    state: read('/api/bank_informations'),
  },
  'POST /api/bank_informations/verify_manual_save_api_response': {
    step: atStatus('bank_manual_input'),
    request: json('POST', '/api/bank_informations/verify_manual_save_api_response', { bank_information: MANUAL_ACCOUNT }),
    same: true,
    // The live account, and how many rows (live and archived history) the member has: one call's worth.
    state: async (who, app) => ({ live: await read('/api/bank_informations')(who, app), rows: await bankAccountRows(app, who.id) }),
  },
  'POST /api/bank_informations/confirm': {
    step: withReceiver('choosing_receiver_account'),
    request: json('POST', '/api/bank_informations/confirm'),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/bank_informations/save_plaid_event': {
    step: atStatus('bank_link'),
    request: json('POST', '/api/bank_informations/save_plaid_event', { event: 'EXIT', metadata: { status: 'requires_credentials' } }),
  },
  'POST /api/select_repay_method': {
    step: withReceiver('select_repay_method'),
    request: json('POST', '/api/select_repay_method', { repay_method: 1 }),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/auto_debit': {
    step: withReceiver('auto_debit_needed'),
    request: json('POST', '/api/auto_debit', { use_account_on_file: true }),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/allotment_instructions/email': { step: atStatus('allotment_needed'), request: json('POST', '/api/allotment_instructions/email') },
  'POST /api/allotment/continue': {
    step: atStatus('allotment_needed'),
    request: json('POST', '/api/allotment/continue'),
    state: read('/api/workflow/navigation_stack'),
  },
  'POST /api/wallet': {
    step: signedUp,
    request: async (who, app) => json('POST', '/api/wallet', { token: await cardToken(app), card_number: '**** **** **** 4242' })(who),
    same: true,
    state: async (who, app) => (await read('/api/get_debit_cards')(who, app)) as unknown,
  },
  'POST /api/add_debit_card': {
    step: signedUp,
    request: async (who, app) => json('POST', '/api/add_debit_card', { card: { token: await cardToken(app) } })(who),
    same: true,
    state: read('/api/get_debit_cards'),
  },
  'POST /api/esignature/sign': {
    step: withReceiver('esignature_needed'),
    request: json('POST', '/api/esignature/sign', { signature_name: 'Jordan Rivera' }),
    state: read('/api/workflow/navigation_stack'),
  },
  'PUT /api/feedback': { step: atStatus('feedback_sent'), request: json('PUT', '/api/feedback', { loan_borrower: {} }) },

  // The dashboard (a funded loan).
  'PATCH /api/notifications/read/:id': {
    step: dashboard,
    request: async (who, app) => json('PATCH', `/api/notifications/read/${await firstNotification(app, who)}`)(who),
    same: true,
  },
  'PATCH /api/notifications/unread/:id': {
    step: dashboard,
    request: async (who, app) => json('PATCH', `/api/notifications/unread/${await firstNotification(app, who)}`)(who),
    same: true,
  },
  'PUT /api/users/info': {
    step: dashboard,
    request: async (who, app) =>
      json('PUT', '/api/users/info', {
        borrower: { address: '14 Harbor Street', city: 'Wilmington', zip_code: '19801', state_id: await availableStateId(app) },
      })(who),
    same: true,
    state: read('/api/users/info'),
  },
  'POST /api/users/info/ssn': { step: dashboard, request: json('POST', '/api/users/info/ssn', { password: PASSWORD }), same: true },
  'POST /api/loans/:loanId/what_if': {
    step: dashboard,
    request: (who) => json('POST', `/api/loans/${who.loanId}/what_if`, { recurring: { amount: 1000 } })(who),
    same: true,
  },
  'POST /api/loans/documents/download/zip': { step: dashboard, request: json('POST', '/api/loans/documents/download/zip', { documents: [] }) },
  'POST /api/dashboard/consents/electronic_communications/withdraw': {
    step: ownFundedLoan,
    request: json('POST', '/api/dashboard/consents/electronic_communications/withdraw', { confirm: true }),
    state: read('/api/dashboard/consents'),
  },
  'POST /api/dashboard/consents/electronic_communications/restore': {
    step: async (app) => {
      const who = await ownFundedLoan(app);
      await call(app, {
        method: 'POST',
        url: '/api/dashboard/consents/electronic_communications/withdraw',
        headers: auth(who.token),
        payload: { confirm: true },
      });
      return who;
    },
    request: json('POST', '/api/dashboard/consents/electronic_communications/restore', {}),
    state: read('/api/dashboard/consents'),
  },
  'POST /api/dashboard/loans/:loanId/hardship_requests': {
    step: ownFundedLoan,
    request: (who) =>
      json('POST', `/api/dashboard/loans/${who.loanId}/hardship_requests`, {
        reason: 'job_loss',
        description: 'I was laid off on January 30 and start a new job in March.',
        defer_payments: 2,
        waive_late_fees: true,
      })(who),
  },
  'POST /api/dashboard/hardship_requests/:id/answer': {
    step: dashboard,
    request: json('POST', '/api/dashboard/hardship_requests/999999/answer', { message: 'Attached.' }),
  },
  'POST /api/dashboard/loans/:loanId/due_date_change': {
    step: ownFundedLoan,
    request: (who) => ({
      ...json('POST', `/api/dashboard/loans/${who.loanId}/due_date_change`, { date: '2027-02-12', signature_name: 'Jordan Rivera', agree: true })(who),
      headers: { ...auth(who.token), 'idempotency-key': `parallel-due-date-${who.id}` },
    }),
  },
  // An unknown plan (refused); ten parallel signatures of a real proposal → one revision: payment-plan.int.test.ts.
  'POST /api/dashboard/payment_plans/:id/sign': {
    step: dashboard,
    request: json('POST', '/api/dashboard/payment_plans/999999/sign', { signature_name: 'Jordan Rivera', agree: true, as_of: '2026-12-01' }),
  },
  'PATCH /api/transactions/cancel/:id': { step: dashboard, request: json('PATCH', '/api/transactions/cancel/999999') },
  'POST /api/request_payment': {
    step: dashboard,
    request: (who) => ({
      ...json('POST', '/api/request_payment', {
        method: 'ach',
        mode: 'one_time',
        loan_id: who.loanId,
        amount: 3100,
        scheduling: { instant: false, date: '2026-12-15' },
      })(who),
      headers: { ...auth(who.token), 'idempotency-key': `parallel-pay-${who.id}` },
    }),
  },
  'POST /api/create_pull_transaction': {
    step: dashboard,
    request: async (who, app) => ({
      ...json('POST', '/api/create_pull_transaction', { card: { account: await saveCard(app, who.token, '4242424242424242'), amount: 1000 } })(who),
      headers: { ...auth(who.token), 'idempotency-key': `parallel-pull-${who.id}` },
    }),
  },
  'POST /api/create_debit_disbursement': {
    step: dashboard,
    request: async (who, app) => ({
      ...json('POST', '/api/create_debit_disbursement', { card: { account: await saveCard(app, who.token, '4242424242424242'), amount: 100 } })(who),
      headers: { ...auth(who.token), 'idempotency-key': `parallel-disburse-${who.id}` },
    }),
  },
  'POST /api/refinance': {
    step: ownFundedLoan,
    request: (who) => json('POST', '/api/refinance', { loan_id: who.loanId })(who),
    state: read('/api/workflow/navigation_stack'),
  },
};

/** Write routes a borrower's token does not reach, or that this test cannot call with a valid body; one line why. */
const EXCLUDED: Record<string, string> = {
  'POST /api/backoffice/login': 'staff sign-in, not a borrower call',
  'DELETE /api/backoffice/logout': 'staff sign-out, not a borrower call',
  'POST /api/bank_informations/save_plaid_information':
    'needs a public token from the bank-link widget (external callback); its exchange is covered by banking.int.test.ts',
  'POST /api/bank_informations/save_ribbit_information': 'needs an inquiry from the bank-verification widget (external callback)',
  'POST /api/bank_link/sandbox/authorize': "the bank-link provider's sandbox login (plays the external widget, no Payrail session)",
  'POST /api/payroll_link/sandbox/login': "the payroll provider's sandbox (plays the external widget for the new flow)",
  'POST /api/payroll_link/sandbox/pay_distribution': "the payroll provider's sandbox (plays the external widget for the new flow)",
  'POST /api/applicationflow/application_step':
    'one route for every new-flow step (body per step, file uploads, a rate-check job); covered by newflow.int.test.ts',
  'POST /api/employer_portal/login': 'employer sign-in (password step), not a borrower call; covered by employer-portal-auth.int.test.ts',
  'POST /api/employer_portal/login/otp':
    'employer sign-in (second factor), not a borrower call; a challenge is passed once (conditional revoke): employer-portal-auth.int.test.ts',
  'POST /api/employer_portal/invitations/accept':
    'employer invitation, not a borrower call; the invitation is claimed by one conditional update: employer-portal-auth.int.test.ts',
  'POST /api/employer_portal/totp/enrol': 'employer TOTP set-up restart, not a borrower call: employer-portal-auth.int.test.ts',
  'POST /api/employer_portal/totp/confirm':
    'employer TOTP confirmation, not a borrower call; the enrolment token is spent once: employer-portal-auth.int.test.ts',
  'DELETE /api/employer_portal/logout': 'employer sign-out, not a borrower call',
  'POST /api/employer_portal/changes':
    'an employer portal write (employer session, not a borrower token); parallel identical posts make one change: employer-portal-deductions.int.test.ts',
  'POST /api/employer_portal/remittances':
    'an employer portal write (employer session, not a borrower token); parallel identical submissions make one batch, posted once: employer-portal-remittances.int.test.ts',
  'POST /api/employer_portal/verifications/:id/answer':
    'an employer portal write (employer session, not a borrower token); parallel answers: one is taken (conditional update), the rest 409: employer-portal-verifications.int.test.ts',
};

/** A route the borrower's token may call: under /api, no staff capability, not the back office. */
const isBorrowerWrite = (method: string, url: string, staff: unknown) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(method) && url.startsWith('/api/') && !url.startsWith('/api/dev/') && !staff;

// A mobile number per member (the same number in the five requests).
const phones = new Map<number, string>();
const phoneOf = (who: Who) => {
  if (!phones.has(who.id)) phones.set(who.id, uniquePhone());
  return phones.get(who.id)!;
};
async function cardToken(app: TestApp): Promise<string> {
  const tok = await call(app, {
    method: 'POST',
    url: '/api/card_tokenizer/sandbox/tokenize',
    payload: { name: 'Jordan Rivera', number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' },
  });
  return tok.json<{ id: string }>().id;
}
/** The member's bank_accounts rows, live and archived (ids and times left out). */
async function bankAccountRows(app: TestApp, userId: number): Promise<{ live: number; archived: number }> {
  const all = await app.ctx.database.db.select({ archivedAt: bankAccounts.archivedAt }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return { live: all.filter((r) => r.archivedAt === null).length, archived: all.filter((r) => r.archivedAt !== null).length };
}
async function firstNotification(app: TestApp, who: Who): Promise<number> {
  const list = (await call(app, { url: '/api/notifications', headers: auth(who.token) })).json<{ notifications?: { id: number }[] } | { id: number }[]>();
  const rows = Array.isArray(list) ? list : (list.notifications ?? []);
  return rows[0]?.id ?? 999999;
}

/** Ids, times, tokens and addresses differ between two members; what is left is what the write stored. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/(^id$|_id$|Id$|_at$|At$|^ip$|agent|token|email|url|date|ssn|key)/i.test(k))
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(() => app.close());

const fire = (request: InjectOptions): Promise<LightMyRequestResponse[]> => Promise.all(Array.from({ length: PARALLEL }, () => call(app, request)));
/** An answer's body as compared: JSON without what differs per call or per member, or the text. */
const bodyOf = (a: LightMyRequestResponse): unknown => (a.headers['content-type']?.toString().includes('json') ? comparable(a.json()) : a.body);
const describeAnswers = (answers: LightMyRequestResponse[]) => answers.map((a) => `${a.statusCode} ${a.body.slice(0, 160)}`);

describe('parallel identical writes (issue #33)', () => {
  it('every borrower write route has a case or an exclusion with a reason', () => {
    const routes = app.routeTable.flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => isBorrowerWrite(m, r.url, r.config?.staff))
        .map((m) => `${m} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !CASES[r] && !EXCLUDED[r])).toEqual([]);
    // A case or an exclusion naming a route the server no longer has is stale.
    expect([...Object.keys(CASES), ...Object.keys(EXCLUDED)].filter((r) => !routes.includes(r))).toEqual([]);
    for (const [route, why] of Object.entries(EXCLUDED)) expect(why.length, route).toBeGreaterThan(10);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route} ×${PARALLEL} at once: no 5xx${c.same ? ', one answer' : ''}${c.state ? ', the state of one call' : ''}`, async () => {
      const [who, twin] = await Promise.all([c.step(app), c.state ? c.step(app) : Promise.resolve(null)]);
      const request = await c.request(who, app);
      const answers = await fire(request);
      expect(
        answers.filter((a) => a.statusCode >= 500).map((a) => a.body),
        describeAnswers(answers).join('\n'),
      ).toEqual([]);
      if (c.same) {
        expect(answers[0]!.statusCode, describeAnswers(answers).join('\n')).toBeLessThan(300);
        // Alike but for the times a write stamps (e.g. `updated_at` on a notice marked read again).
        for (const a of answers) expect({ status: a.statusCode, body: bodyOf(a) }).toEqual({ status: answers[0]!.statusCode, body: bodyOf(answers[0]!) });
      }
      if (c.state && twin) {
        const once = await call(app, await c.request(twin, app));
        expect(once.statusCode, once.body).toBeLessThan(500);
        if (c.same) expect(bodyOf(answers[0]!)).toEqual(bodyOf(once));
        expect(comparable(await c.state(who, app))).toEqual(comparable(await c.state(twin, app)));
      }
    });
  }
});
