import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAtEmployer, borrowerAtLoanTerms, classicApp, employerOfKind, forceStatus, get, next, post, selectEmployer } from './application-helpers';
import type { TestApp } from './test-app';

/**
 * Spec §4 (classic flow): "Loan terms: on open, status set to loan_terms unless already loan_terms or
 * loan_amount_changed." Opened in another status the borrower may leave for loan_terms, the page asks
 * `POST /workflow/change_status { new_status: loan_terms }` (apps/web/src/app/routes/loan-terms-open.tsx); the
 * server's table decides: back from bank_link to the loan terms under it, on from the phone steps once the
 * phone is confirmed, never from a later step, and a refusal names the status to adopt.
 */
let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
}, 60_000);
afterAll(async () => {
  await app.close();
});

const open = (token: string) => post(app, token, '/api/workflow/change_status', { new_status: 'loan_terms' });
const statusOf = async (token: string) => (await get(app, token, '/api/token_is_valid')).json<{ workflow_status: string }>().workflow_status;
const stackOf = async (token: string) =>
  (await get(app, token, '/api/workflow/navigation_stack')).json<{ navigation_stack: string[]; current_status: string }>();

describe('loan terms set on open', () => {
  it('from bank_link (loan terms under it on the stack): the status is set to loan_terms, and the stack pops', async () => {
    const who = await borrowerAtLoanTerms(app);
    const advanced = await next(app, who.token, 'loan_terms');
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(await statusOf(who.token)).toBe('bank_link');
    const res = await open(who.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ new_status: 'loan_terms' });
    expect(await statusOf(who.token)).toBe('loan_terms');
    const stack = await stackOf(who.token);
    expect(stack.current_status).toBe('loan_terms');
    expect(stack.navigation_stack.at(-1)).toBe('loan_terms');
    expect(stack.navigation_stack).not.toContain('bank_link');
    // Continue again moves on to bank link as the first time.
    const again = await next(app, who.token, 'loan_terms');
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf(who.token)).toBe('bank_link');
  });

  it('already loan_terms: nothing moves (the same answer)', async () => {
    const who = await borrowerAtLoanTerms(app);
    const before = await stackOf(who.token);
    const res = await open(who.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ new_status: 'loan_terms' });
    expect(await statusOf(who.token)).toBe('loan_terms');
    expect(await stackOf(who.token)).toEqual(before);
  });

  it('from phone_verification with the phone confirmed (back from loan terms): on to loan_terms', async () => {
    const who = await borrowerAtLoanTerms(app);
    const back = await post(app, who.token, '/api/workflow/change_status', { new_status: 'phone_verification' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await statusOf(who.token)).toBe('phone_verification');
    const res = await open(who.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ new_status: 'loan_terms' });
    expect(await statusOf(who.token)).toBe('loan_terms');
    expect((await stackOf(who.token)).navigation_stack.at(-1)).toBe('loan_terms');
  });

  it('from phone_verification with no confirmed phone the move is refused with the status to adopt', async () => {
    const who = await borrowerAtEmployer(app);
    const employer = await employerOfKind(app, 'federal');
    const selected = await selectEmployer(app, who.token, { employer_id: employer.id, working_time_range: '3 - 5 years' });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(await statusOf(who.token)).toBe('phone_verification');
    const res = await open(who.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ current_status: 'phone_verification' });
    expect(await statusOf(who.token)).toBe('phone_verification');
  });

  it('from a later step the move is refused with the status to adopt, and nothing changes', async () => {
    const who = await borrowerAtLoanTerms(app);
    await forceStatus(app, who.id, 'application_review');
    const res = await open(who.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ current_status: 'application_review' });
    expect(await statusOf(who.token)).toBe('application_review');
  });

  it('from bank_link reached without loan terms under it (a feedback asking a new bank link) the move is refused', async () => {
    const who = await borrowerAtLoanTerms(app);
    await forceStatus(app, who.id, 'application_review');
    await forceStatus(app, who.id, 'bank_link');
    const res = await open(who.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ current_status: 'bank_link' });
    expect(await statusOf(who.token)).toBe('bank_link');
  });
});
