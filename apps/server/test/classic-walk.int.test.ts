import type { TLoanTerms } from '@payrail/contract/application';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowTransitions } from '../src/db/schema/index';
import {
  REFERENCES,
  aboutYourselfAnswers,
  classicApp,
  employerOfKind,
  get,
  next,
  post,
  selectEmployer,
  tempDataDir,
  updateField,
  uploadDocument,
} from './application-helpers';
import { auth, call, latestEmailToken, latestPhoneCode, signupBody, uniquePhone } from './identity-helpers';
import type { TestApp } from './test-app';

const files = tempDataDir();
let app: TestApp;
let demo: TestApp;
beforeAll(async () => {
  app = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: true } });
  demo = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: false } });
});
afterAll(async () => {
  await app.close();
  await demo.close();
  files.remove();
});

/** The whole classic flow on the server, as the SPA calls it, from sign-up to the review. */
async function walk(target: TestApp): Promise<{ id: number; token: string; finalStatus: string }> {
  // Sign up and confirm the e-mail with the code from the outbox.
  const body = await signupBody(target);
  const signup = await call(target, { method: 'POST', url: '/api/signup', payload: body });
  expect(signup.statusCode).toBe(201);
  const { id } = signup.json<{ id: number }>();
  const confirmed = await call(target, { url: `/api/confirmation?confirmation_token=${await latestEmailToken(target, body.application_member.email)}` });
  expect(confirmed.json()).toMatchObject({ workflow_status: 'about_yourself' });
  const token = confirmed.headers.authorization as string;

  // About yourself: every field auto-saved, two references, the education program, then Continue.
  for (const [field, value] of Object.entries(await aboutYourselfAnswers(target)))
    expect((await updateField(target, token, { [field]: value })).statusCode, field).toBe(200);
  expect((await post(target, token, '/api/about_yourself/update_references', { references: REFERENCES })).statusCode).toBe(200);
  expect((await get(target, token, '/api/education_program')).json()).toEqual({ show_modal: true });
  expect((await post(target, token, '/api/education_program', { initials: { first: 'J', last: 'R' }, agreement: true })).json()).toEqual({ ok: true });
  expect((await next(target, token, 'about_yourself')).json()).toMatchObject({ new_status: 'employer' });

  // Employer and income.
  expect((await get(target, token, '/api/employer_entrypoint')).json()).toMatchObject({ employer_id: null });
  const federal = await employerOfKind(target, 'federal');
  expect((await selectEmployer(target, token, { employer_id: federal.id, working_time_range: 'More than 5 years' })).json()).toEqual({
    ok: true,
    new_status: 'phone_verification',
  });

  // Phone: send a code, read it from the outbox, verify.
  const number = uniquePhone();
  expect((await post(target, token, '/api/phones', { phone: { number } })).json()).toMatchObject({ new_status: 'phone_code_sent' });
  const verified = await post(target, token, '/api/phones/verify_phone', { phone: { number, code: await latestPhoneCode(target, number) } });
  expect(verified.json()).toMatchObject({ confirmed: true, new_status: 'loan_terms' });

  // Loan terms: look at the default, pick an amount, consent, continue.
  const offered = (await get(target, token, '/api/loan')).json<TLoanTerms>();
  expect(offered.amount).toBe(10_000_00);
  const chosen = (await get(target, token, '/api/loan?amount=350000')).json<TLoanTerms>();
  expect(chosen).toMatchObject({ amount: 3_500_00, terms_in_months: 18, interest_rate: '23.391' });
  expect((await get(target, token, '/api/associate_terms_consent')).statusCode).toBe(200);
  expect((await get(target, token, '/api/payment_change')).json()).toEqual({ ok: true, payment_change: false });
  expect((await next(target, token, 'loan_terms')).json()).toMatchObject({ new_status: 'bank_link' });

  // Bank information is another module's; the generic Continue takes the manual path.
  for (const [from, to] of [
    ['bank_link', 'bank_input'],
    ['bank_input', 'choosing_receiver_account'],
    ['choosing_receiver_account', 'documents'],
  ]) {
    expect((await next(target, token, from!)).json(), from).toMatchObject({ new_status: to });
  }

  // Documents, then the application review.
  for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) await uploadDocument(target, token, type);
  expect((await next(target, token, 'documents')).json()).toMatchObject({ new_status: 'application_review' });
  expect((await get(target, token, '/api/loan')).json<TLoanTerms>()).toEqual({ ...chosen, amount_options: [] });
  // The review's Confirm authorizes the credit pull first (GET /review is refused without it).
  expect((await post(target, token, '/api/borrower_agreement_documents?agreement=credit_pull_authorization')).statusCode).toBe(201);
  const review = await get(target, token, '/api/review');
  expect(review.statusCode).toBe(200);
  return { id, token, finalStatus: review.json<{ new_status: string }>().new_status };
}

describe('the classic application on the server, end to end', () => {
  it('walks from sign-up to ready_for_review, every move stored with its actor', async () => {
    const { id, token, finalStatus } = await walk(app);
    expect(finalStatus).toBe('ready_for_review');
    expect((await get(app, token, '/api/token_is_valid')).json()).toMatchObject({ workflow_status: 'ready_for_review' });
    const history = await app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, id)).orderBy(asc(workflowTransitions.id));
    expect(history.map((h) => [h.toStatus, h.actor])).toEqual([
      ['email_confirmation', 'borrower'],
      ['about_yourself', 'system'],
      ['employer', 'borrower'],
      ['phone_verification', 'borrower'],
      ['phone_code_sent', 'system'],
      ['loan_terms', 'borrower'],
      ['bank_link', 'borrower'],
      ['bank_input', 'borrower'],
      ['choosing_receiver_account', 'borrower'],
      ['documents', 'borrower'],
      ['application_review', 'borrower'],
      ['ready_for_review', 'borrower'],
    ]);
  });

  it('reaches the repay-method choice without staff when REQUIRE_HUMAN_REVIEW is off (the embedded demo)', async () => {
    const { token, finalStatus } = await walk(demo);
    expect(finalStatus).toBe('select_repay_method');
    expect((await call(demo, { url: '/api/workflow/navigation_stack', headers: auth(token) })).json()).toMatchObject({ current_status: 'select_repay_method' });
  });

  it('prices the terms for the repay method chosen: auto-debit without the split-direct-deposit discount, on the note too', async () => {
    const { token } = await walk(demo);
    const split = (await get(demo, token, '/api/loan')).json<TLoanTerms>();
    expect(split).toMatchObject({ payment_method: 'split_direct_deposit', amount: 3_500_00, interest_rate: '23.391' });
    const { offers } = (await get(demo, token, '/api/repay_method_offers')).json<{
      offers: { method: string; interest_rate: string; apr: string; payment_per_term: number }[];
    }>();
    expect(offers.map((o) => o.method)).toEqual(['split_direct_deposit', 'auto_debit', 'online']);
    expect(offers[0]).toMatchObject({ interest_rate: split.interest_rate, apr: split.apr, payment_per_term: split.payment_per_term });
    expect(Number(offers[1]!.interest_rate)).toBeGreaterThan(Number(offers[0]!.interest_rate));
    expect((await post(demo, token, '/api/select_repay_method', { repay_method: 1 })).json()).toMatchObject({ new_status: 'auto_debit_needed' });
    const autoDebit = (await get(demo, token, '/api/loan')).json<TLoanTerms>();
    expect(autoDebit).toMatchObject({ payment_method: 'auto_debit', amount: 3_500_00, interest_rate: offers[1]!.interest_rate, apr: offers[1]!.apr });
    expect(Number(autoDebit.interest_rate)).toBeGreaterThan(Number(split.interest_rate));
    expect(Number(autoDebit.apr)).toBeGreaterThan(Number(split.apr));
    expect(autoDebit.payment_per_term).toBeGreaterThan(split.payment_per_term);
    expect(
      (await post(demo, token, '/api/auto_debit', { account_type: 'checking', account_number: '123456789', routing_number: '034821624' })).json(),
    ).toMatchObject({ new_status: 'esignature_needed' });
    const esign = (await get(demo, token, '/api/esignature')).json<{ loan_terms: { interest_rate: string; apr: string; payment_per_term_cents: number } }>();
    expect(esign.loan_terms).toMatchObject({
      interest_rate: autoDebit.interest_rate,
      apr: autoDebit.apr,
      payment_per_term_cents: autoDebit.payment_per_term,
      payment_method: 'auto_debit',
    });
  });
});
