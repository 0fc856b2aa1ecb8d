import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWFLOW_ONLY_STATUSES, WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { workflowTransitions } from '../src/db/schema/index';
import { startSession } from '../src/modules/identity/use-cases/start-session';
import { auth, call, latestPhoneCode, signUp, signUpConfirmed, uniquePhone } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const next = (token: string, current: string) =>
  call(app, { method: 'POST', url: '/api/workflow/next_status', headers: auth(token), payload: { current_status: current } });
const change = (token: string, status: string, url = '/api/workflow/change_status') =>
  call(app, { method: 'POST', url, headers: auth(token), payload: { new_status: status } });
const stack = async (token: string) =>
  (await call(app, { url: '/api/workflow/navigation_stack', headers: auth(token) })).json<{ navigation_stack: string[]; current_status: string }>();
const moves = async (userId: number) =>
  app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, userId)).orderBy(asc(workflowTransitions.id));
const ok = (status: string) => ({ new_status: status, workflow_status: { next_status: status } });

describe('POST /api/workflow/next_status', () => {
  it('advances one step, stores who moved it, and grows the stack', async () => {
    const { token, id } = await signUpConfirmed(app);
    expect(await stack(token)).toEqual({ navigation_stack: ['about_yourself'], current_status: 'about_yourself' });
    const res = await next(token, 'about_yourself');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ok('employer'));
    const last = (await moves(id)).at(-1)!;
    expect(last).toMatchObject({ fromStatus: 'about_yourself', toStatus: 'employer', event: 'advance', actor: 'borrower', staffUserId: null });
    expect(last.at).toBeInstanceOf(Date);
    expect(await stack(token)).toEqual({ navigation_stack: ['about_yourself', 'employer'], current_status: 'employer' });
  });

  it('answers the real status when the client is out of date', async () => {
    const { token } = await signUpConfirmed(app);
    await next(token, 'about_yourself');
    const stale = await next(token, 'about_yourself');
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toEqual({ error: SERVER_MSG.statusOutOfDate('employer'), current_status: 'employer' });
  });

  it('keeps the borrower on the phone step until the number is verified', async () => {
    const { token } = await signUpConfirmed(app);
    await next(token, 'about_yourself');
    await next(token, 'employer');
    const res = await next(token, 'phone_verification');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: SERVER_MSG.noNextStatus('phone_verification'), current_status: 'phone_verification' });
  });

  it('has no advance from email_confirmation (only the token confirms)', async () => {
    const { email } = await signUp(app);
    const member = (await app.ctx.repos.identity.findMemberByEmail(email))!;
    const token = await startSession(app.ctx, member.id, { ip: null, userAgent: null });
    expect((await next(token, 'email_confirmation')).json()).toEqual({
      error: SERVER_MSG.noNextStatus('email_confirmation'),
      current_status: 'email_confirmation',
    });
    expect((await change(token, 'about_yourself')).json()).toEqual({
      error: SERVER_MSG.statusRefused('email_confirmation', 'about_yourself'),
      current_status: 'email_confirmation',
    });
    expect(await stack(token)).toEqual({ navigation_stack: [], current_status: 'email_confirmation' });
  });

  it('lets only one of two simultaneous advances win', async () => {
    const { token } = await signUpConfirmed(app);
    const answers = await Promise.all([next(token, 'about_yourself'), next(token, 'about_yourself')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json()).toEqual({ error: SERVER_MSG.statusOutOfDate('employer'), current_status: 'employer' });
    expect((await stack(token)).navigation_stack).toEqual(['about_yourself', 'employer']);
  });

  it('answers field errors for a blank body', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await call(app, { method: 'POST', url: '/api/workflow/next_status', headers: auth(token), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { current_status: [FIELD_MSG.blank] } });
  });
});

describe('POST /api/workflow/change_status and /api/change_status', () => {
  it('goes back to the previous page and pops the stack, on either path', async () => {
    const { token, id } = await signUpConfirmed(app);
    await next(token, 'about_yourself');
    await next(token, 'employer');
    const back = await change(token, 'employer');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(ok('employer'));
    expect(await stack(token)).toEqual({ navigation_stack: ['about_yourself', 'employer'], current_status: 'employer' });
    expect((await moves(id)).at(-1)).toMatchObject({ fromStatus: 'phone_verification', toStatus: 'employer', event: 'go_back', actor: 'borrower' });
    expect((await change(token, 'about_yourself', '/api/change_status')).json()).toEqual(ok('about_yourself'));
    expect((await stack(token)).navigation_stack).toEqual(['about_yourself']);
  });

  it('refuses a jump back past the previous page, a reviewer decision and an unknown status', async () => {
    const { token } = await signUpConfirmed(app);
    await next(token, 'about_yourself');
    await next(token, 'employer');
    expect((await change(token, 'about_yourself')).json()).toEqual({
      error: SERVER_MSG.statusRefused('phone_verification', 'about_yourself'),
      current_status: 'phone_verification',
    });
    for (const status of ['approved', 'ready_for_review', 'loan_terms']) {
      const res = await change(token, status);
      expect(res.statusCode, status).toBe(422);
      expect(res.json(), status).toEqual({ error: SERVER_MSG.statusRefused('phone_verification', status), current_status: 'phone_verification' });
    }
    expect((await change(token, 'flying')).json()).toEqual({ error: SERVER_MSG.unknownStatus('flying'), current_status: 'phone_verification' });
  });

  it('treats the current status as a no-op and stores nothing', async () => {
    const { token, id } = await signUpConfirmed(app);
    const before = (await moves(id)).length;
    expect((await change(token, 'about_yourself')).json()).toEqual(ok('about_yourself'));
    expect((await moves(id)).length).toBe(before);
  });

  it('walks the classic application to review, with a manual bank entry, and empties the stack there', async () => {
    const { token } = await signUpConfirmed(app);
    await next(token, 'about_yourself');
    await next(token, 'employer');
    const number = uniquePhone();
    await call(app, { method: 'POST', url: '/api/phones', headers: auth(token), payload: { phone: { number } } });
    await call(app, {
      method: 'POST',
      url: '/api/phones/verify_phone',
      headers: auth(token),
      payload: { phone: { number, code: await latestPhoneCode(app, number) } },
    });
    expect((await next(token, 'loan_terms')).json()).toEqual(ok('bank_link'));
    expect((await change(token, 'bank_manual_input', '/api/change_status')).json()).toEqual(ok('bank_manual_input'));
    expect((await next(token, 'bank_manual_input')).json()).toEqual(ok('choosing_receiver_account'));
    expect((await next(token, 'choosing_receiver_account')).json()).toEqual(ok('documents'));
    expect((await next(token, 'documents')).json()).toEqual(ok('application_review'));
    expect((await stack(token)).navigation_stack).toEqual([
      'about_yourself',
      'employer',
      'phone_verification',
      'loan_terms',
      'bank_link',
      'bank_manual_input',
      'choosing_receiver_account',
      'documents',
      'application_review',
    ]);
    expect((await next(token, 'application_review')).json()).toEqual(ok('ready_for_review'));
    expect(await stack(token)).toEqual({ navigation_stack: [], current_status: 'ready_for_review' });
    expect((await change(token, 'application_review')).statusCode).toBe(422);
    expect((await next(token, 'ready_for_review')).json()).toEqual({ error: SERVER_MSG.noNextStatus('ready_for_review'), current_status: 'ready_for_review' });
  });

  it('needs a session for every workflow call', async () => {
    for (const [method, url] of [
      ['GET', '/api/workflow/navigation_stack'],
      ['POST', '/api/workflow/next_status'],
      ['POST', '/api/workflow/change_status'],
      ['POST', '/api/change_status'],
    ] as const) {
      const res = await call(app, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: MSG.signInRequired });
    }
  });
});

describe('GET /api/workflow/statuses (the workflow-status entity, classic §3)', () => {
  it('answers every status with key, name, parent_status, transitions and childs; one by key; 404 for an unknown key; 401 without a session', async () => {
    const { token } = await signUpConfirmed(app);
    const all = await call(app, { url: '/api/workflow/statuses', headers: auth(token) });
    expect(all.statusCode).toBe(200);
    const list = all.json<{ key: string }[]>();
    // The classic spec's 39 statuses plus the new flow's, each once.
    expect(list.map((s) => s.key)).toEqual([...WORKFLOW_STATUSES]);
    expect(WORKFLOW_STATUSES.length - NEWFLOW_ONLY_STATUSES.length).toBe(39);
    const one = await call(app, { url: '/api/workflow/statuses/phone_code_sent', headers: auth(token) });
    expect(one.json()).toEqual({
      key: 'phone_code_sent',
      name: 'Phone code sent',
      parent_status: 'phone_verification',
      transitions: expect.any(Array),
      childs: [],
    });
    expect(one.json<{ transitions: string[] }>().transitions.length).toBeGreaterThan(0);
    expect((await call(app, { url: '/api/workflow/statuses/documents', headers: auth(token) })).json()).toMatchObject({
      childs: ['driver_license_uploaded', 'pay_stub_uploaded', 'proof_of_address_uploaded'],
    });
    expect((await call(app, { url: '/api/workflow/statuses/nonsense', headers: auth(token) })).statusCode).toBe(404);
    expect((await call(app, { url: '/api/workflow/statuses' })).statusCode).toBe(401);
  });
});
