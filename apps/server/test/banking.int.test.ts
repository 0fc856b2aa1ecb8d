import { BANK_MSG, type TBankInformation } from '@payrail/contract/banking';
import { FIELD_MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, bankLinkEvents, workflowTransitions } from '../src/db/schema/index';
import { CLEARBROOK, get, HARBOR_POINT, memberAt, post, setStatus, UNKNOWN_VALID_ROUTING, uploadDocument } from './banking-helpers';
import { signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const rows = (userId: number) => app.ctx.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(bankAccounts.id);
const update = (token: string, fields: Record<string, unknown>) => post(app, token, '/api/bank_informations/update_field', { bank_information: fields });
const stepRefusal = (status: string) => ({ error: BANK_MSG.stepNotAvailable(status), current_status: status });

/** A manual account typed field by field, and a statement uploaded. */
async function manualAccount(token: string, o: { routing?: string; number?: string; type?: string; statement?: boolean } = {}) {
  expect((await update(token, { account_type: o.type ?? 'checking' })).statusCode).toBe(200);
  expect((await update(token, { routing_transfer_number: o.routing ?? HARBOR_POINT.routing })).statusCode).toBe(200);
  const last = await update(token, { bank_account_number: o.number ?? '123456789' });
  expect(last.statusCode, last.body).toBe(200);
  if (o.statement !== false) expect((await uploadDocument(app, token, 'bank_statement')).statusCode).toBe(201);
  return last.json<{ bank_information: TBankInformation }>().bank_information;
}

/** The sandbox widget's login → public token. */
async function sandboxLogin(payload: Record<string, unknown>) {
  return post(app, null, '/api/bank_link/sandbox/authorize', payload);
}

describe('GET /api/bank_informations/bank_name/{routing}', () => {
  it('answers the bank of a routing number in the directory', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await get(app, token, `/api/bank_informations/bank_name/${HARBOR_POINT.routing}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bank_name: HARBOR_POINT.name });
    expect((await get(app, token, `/api/bank_informations/bank_name/${CLEARBROOK.routing}`)).json()).toEqual({ bank_name: CLEARBROOK.name });
  });

  it('answers 404 with the spec text for a bad checksum, a bad format and an unknown bank', async () => {
    const { token } = await signUpConfirmed(app);
    for (const routing of ['034821625', '12345', 'abcdefghi', UNKNOWN_VALID_ROUTING, '000000000']) {
      const res = await get(app, token, `/api/bank_informations/bank_name/${routing}`);
      expect(res.statusCode, routing).toBe(404);
      expect(res.json()).toEqual({ error: 'Bank not found! Please review your bank account data and try again.' });
    }
  });

  it('needs a session', async () => {
    expect((await get(app, null, `/api/bank_informations/bank_name/${HARBOR_POINT.routing}`)).statusCode).toBe(401);
  });
});

describe('manual bank entry', () => {
  it('starts empty: 404 with the no-accounts text, and null fields', async () => {
    const { token } = await memberAt(app, 'bank_manual_input');
    const res = await get(app, token, '/api/bank_informations');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BANK_MSG.noBankAccount });
    expect((await get(app, token, '/api/bank_informations/show_field/routing_transfer_number')).json()).toEqual({ routing_transfer_number: null });
  });

  it('is chosen on the bank-link page through the machine (bank_manually_insert, or bank_manual_input in the application)', async () => {
    for (const target of ['bank_manually_insert', 'bank_manual_input']) {
      const { token } = await memberAt(app, 'bank_link');
      const res = await post(app, token, '/api/change_status', { new_status: target });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ new_status: target, workflow_status: { next_status: target } });
    }
  });

  it('saves field by field, masks the number, and seals it at rest', async () => {
    const { token, id } = await memberAt(app, 'bank_manual_input');
    const info = await manualAccount(token, { number: '000123456789', statement: false });
    expect(info).toMatchObject({
      account_type: 'checking',
      routing_transfer_number: HARBOR_POINT.routing,
      bank_account_number: '********6789',
      bank_name: HARBOR_POINT.name,
      logo: null,
      source: 'manual',
      verified_at: null,
    });
    const shown = await get(app, token, '/api/bank_informations');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(info);
    expect((await get(app, token, '/api/bank_informations/show_field/bank_account_number')).json()).toEqual({ bank_account_number: '********6789' });
    expect((await get(app, token, '/api/bank_informations/show_field/bank_name')).json()).toEqual({ bank_name: HARBOR_POINT.name });

    const [row] = await rows(id);
    expect(row!.accountNumberLast4).toBe('6789');
    expect(row!.accountNumberSealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row!.accountNumberSealed).not.toContain('000123456789');
    expect(JSON.stringify(row)).not.toContain('123456789');
    // The raw row read through the repository holds only ciphertext; the box opens it.
    const viaRepo = await app.ctx.repos.banking.currentReceiver(id);
    expect(viaRepo!.accountNumberSealed).not.toBe('000123456789');
    expect((await app.ctx.cryptoBox()).open(viaRepo!.accountNumberSealed!, 'bank_accounts.account_number')).toBe('000123456789');
  });

  it('refuses bad values on their field, Devise-shaped', async () => {
    const { token } = await memberAt(app, 'bank_manual_input');
    expect((await update(token, { routing_transfer_number: '034821625' })).json()).toEqual({ errors: { routing_transfer_number: [FIELD_MSG.invalid] } });
    expect((await update(token, { routing_transfer_number: UNKNOWN_VALID_ROUTING })).json()).toEqual({
      errors: { routing_transfer_number: [BANK_MSG.bankNotFound] },
    });
    expect((await update(token, { bank_account_number: '12ab' })).json()).toEqual({ errors: { bank_account_number: [FIELD_MSG.invalid] } });
    expect((await update(token, { bank_account_number: '1'.repeat(21) })).json()).toEqual({ errors: { bank_account_number: [FIELD_MSG.invalid] } });
    expect((await update(token, { account_type: 'brokerage' })).json()).toEqual({ errors: { account_type: [FIELD_MSG.invalid] } });
    expect((await update(token, {})).statusCode).toBe(422);
    // A masked number is never taken for a new one.
    expect((await update(token, { bank_account_number: '*****6789' })).json()).toEqual({ errors: { bank_account_number: [FIELD_MSG.invalid] } });
  });

  it('two fields saved at the same moment fill the same draft', async () => {
    const { token, id } = await memberAt(app, 'bank_manual_input');
    const [a, b, c] = await Promise.all([
      update(token, { routing_transfer_number: HARBOR_POINT.routing }),
      update(token, { bank_account_number: '24681357' }),
      update(token, { account_type: 'checking' }),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(await rows(id)).toHaveLength(1);
    expect((await get(app, token, '/api/bank_informations')).json()).toMatchObject({
      routing_transfer_number: HARBOR_POINT.routing,
      bank_account_number: '****1357',
      account_type: 'checking',
    });
  });

  it('ignores the masked number sent back unchanged', async () => {
    const { token } = await memberAt(app, 'bank_manual_input');
    await manualAccount(token, { number: '123456789', statement: false });
    const res = await update(token, { bank_account_number: '*****6789', account_type: 'Savings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bank_information).toMatchObject({ bank_account_number: '*****6789', account_type: 'savings' });
  });

  it('verify_manual: incomplete, no statement, then ok (verified with the statement)', async () => {
    const { token, id } = await memberAt(app, 'bank_manual_input');
    expect((await get(app, token, '/api/bank_informations/verify_manual')).json()).toEqual({ error: BANK_MSG.noBankAccount });
    await update(token, { account_type: 'savings' });
    const incomplete = await get(app, token, '/api/bank_informations/verify_manual');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toEqual({ error: BANK_MSG.incomplete });
    await manualAccount(token, { type: 'savings', statement: false });
    expect((await get(app, token, '/api/bank_informations/verify_manual')).json()).toEqual({ error: BANK_MSG.statementMissing });
    const statement = (await uploadDocument(app, token, 'bank_statement')).json<{ id: number }>();
    const ok = await get(app, token, '/api/bank_informations/verify_manual');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bank_information).toMatchObject({
      source: 'manual',
      verified_at: expect.any(String),
      statement_document_id: statement.id,
      account_type: 'savings',
    });
    expect((await rows(id)).at(-1)!.verifiedAt).toBeInstanceOf(Date);
  });

  it('changing a verified account makes it unverified again (the old one kept as history)', async () => {
    const { token, id } = await memberAt(app, 'bank_manual_input');
    await manualAccount(token);
    await get(app, token, '/api/bank_informations/verify_manual');
    const res = await update(token, { routing_transfer_number: CLEARBROOK.routing });
    expect(res.json().bank_information).toMatchObject({
      routing_transfer_number: CLEARBROOK.routing,
      bank_name: CLEARBROOK.name,
      verified_at: null,
      bank_account_number: '*****6789',
    });
    const all = await rows(id);
    expect(all).toHaveLength(2);
    expect(all[0]!.archivedAt).toBeInstanceOf(Date);
    expect(all[1]!.archivedAt).toBeNull();
  });

  it('Continue: refused until verified, then the machine moves on (manual page → bank accounts → documents)', async () => {
    const { token } = await memberAt(app, 'bank_manual_input');
    await manualAccount(token);
    const early = await post(app, token, '/api/bank_informations/confirm');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ error: BANK_MSG.accountNotVerified, current_status: 'bank_manual_input' });
    await get(app, token, '/api/bank_informations/verify_manual');
    const toAccounts = await post(app, token, '/api/bank_informations/confirm');
    expect(toAccounts.json()).toEqual({ new_status: 'choosing_receiver_account', workflow_status: { next_status: 'choosing_receiver_account' } });
    const confirmed = await post(app, token, '/api/bank_informations/confirm');
    expect(confirmed.json()).toEqual({ new_status: 'documents', workflow_status: { next_status: 'documents' } });
    expect((await post(app, token, '/api/bank_informations/confirm')).json()).toEqual(stepRefusal('documents'));
  });

  it('Confirm on the bank accounts page goes back to review when the application was submitted before', async () => {
    const { token, id } = await memberAt(app, 'ready_for_review');
    await setStatus(app, id, 'feedback_sent');
    await manualAccount(token);
    await get(app, token, '/api/bank_informations/verify_manual');
    await setStatus(app, id, 'choosing_receiver_account');
    expect((await post(app, token, '/api/bank_informations/confirm')).json()).toEqual({
      new_status: 'ready_for_review',
      workflow_status: { next_status: 'ready_for_review' },
    });
  });

  it('refuses bank changes in a status without a bank page', async () => {
    const { token } = await memberAt(app, 'loan_terms');
    const res = await update(token, { account_type: 'checking' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(stepRefusal('loan_terms'));
    expect((await get(app, token, '/api/bank_informations/verify_manual')).json()).toEqual(stepRefusal('loan_terms'));
  });
});

describe('POST /api/bank_informations/verify_manual_save_api_response (new flow)', () => {
  const save = (token: string, b: Record<string, unknown>) =>
    post(app, token, '/api/bank_informations/verify_manual_save_api_response', { bank_information: b });

  it('saves and verifies the whole account; errors come as text', async () => {
    const { token, id } = await memberAt(app, 'bank_link');
    const unknown = await save(token, { bank_account_number: '55550001', routing_transfer_number: UNKNOWN_VALID_ROUTING, account_type: 'Checking' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.headers['content-type']).toMatch(/^text\/plain/);
    expect(unknown.body).toBe('Bank not found! Please review your bank account data and try again.');
    const badRouting = await save(token, { bank_account_number: '55550001', routing_transfer_number: '123456789', account_type: 'checking' });
    expect(badRouting.body).toBe(BANK_MSG.routingInvalid);
    const badNumber = await save(token, { bank_account_number: '5555-0001', routing_transfer_number: HARBOR_POINT.routing, account_type: 'checking' });
    expect(badNumber.body).toBe(BANK_MSG.accountInvalid);
    expect(await rows(id)).toHaveLength(0);

    await uploadDocument(app, token, 'bank_statement');
    const ok = await save(token, { bank_account_number: '55550001', routing_transfer_number: HARBOR_POINT.routing, account_type: 'Checking' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bank_information).toMatchObject({
      bank_account_number: '****0001',
      account_type: 'checking',
      bank_name: HARBOR_POINT.name,
      verified_at: expect.any(String),
    });
  });
});

describe('bank link (sandbox aggregator)', () => {
  it('GET /widget gives a link token, the test institutions and the test credentials', async () => {
    const { token } = await memberAt(app, 'bank_link');
    const res = await get(app, token, '/api/bank_informations/widget');
    expect(res.statusCode).toBe(200);
    const widget = res.json();
    expect(widget.provider).toBe('sandbox');
    expect(widget.link_token).toMatch(/^link-sandbox-/);
    expect(widget.test_credentials).toEqual({ username: 'user_good', password: 'pass_good' });
    expect(widget.institutions.length).toBeGreaterThanOrEqual(5);
    for (const i of widget.institutions)
      expect(i).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        down: expect.any(Boolean),
      });
    expect(widget.institutions.filter((i: { down: boolean }) => i.down)).toHaveLength(1);
  });

  it('links: user_good/pass_good → public token → verified linked account, and the member moves to bank accounts', async () => {
    const { token, id } = await memberAt(app, 'bank_link');
    const widget = (await get(app, token, '/api/bank_informations/widget')).json();
    const login = await sandboxLogin({
      link_token: widget.link_token,
      institution_id: 'ins_sandbox_harbor_point',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(login.statusCode, login.body).toBe(200);
    const { public_token, accounts, institution } = login.json();
    expect(public_token).toMatch(/^public-sandbox-/);
    expect(institution).toEqual({ id: 'ins_sandbox_harbor_point', name: 'Harbor Point Bank' });
    const savings = accounts.find((a: { subtype: string }) => a.subtype === 'savings');

    const saved = await post(app, token, '/api/bank_informations/save_plaid_information', { public_token, account_id: savings.id });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.new_status).toBe('choosing_receiver_account');
    expect(body.bank_information).toMatchObject({
      account_type: 'savings',
      routing_transfer_number: HARBOR_POINT.routing,
      bank_account_number: expect.stringMatching(new RegExp(`^\\*+${savings.mask}$`)),
      bank_name: 'Harbor Point Bank',
      logo: expect.stringMatching(/^data:image\/svg\+xml/),
      source: 'linked',
      verified_at: expect.any(String),
    });
    const [row] = await rows(id);
    expect(row).toMatchObject({ source: 'linked', aggregator: 'plaid', institutionId: 'ins_sandbox_harbor_point', accountNumberLast4: savings.mask });
    expect(row!.accessTokenSealed).toMatch(/^v2:[0-9a-f]{8}:/);
    const transitions = await app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, id)).orderBy(workflowTransitions.id);
    expect(transitions.at(-1)).toMatchObject({ fromStatus: 'bank_link', toStatus: 'choosing_receiver_account', event: 'link_bank', actor: 'system' });

    // Confirm on the bank accounts page: documents (first submission).
    expect((await post(app, token, '/api/bank_informations/confirm')).json().new_status).toBe('documents');
  });

  it('a borrower back on the link page with a linked account goes on to bank accounts, not to manual entry', async () => {
    const { token } = await memberAt(app, 'bank_link');
    const widget = (await get(app, token, '/api/bank_informations/widget')).json();
    const { public_token } = (
      await sandboxLogin({ link_token: widget.link_token, institution_id: 'ins_sandbox_harbor_point', username: 'user_good', password: 'pass_good' })
    ).json();
    expect((await post(app, token, '/api/bank_informations/save_plaid_information', { public_token })).json().new_status).toBe('choosing_receiver_account');
    // Back (the navigation stack's previous entry), then the generic advance from bank_link.
    expect((await post(app, token, '/api/workflow/change_status', { new_status: 'bank_link' })).json()).toMatchObject({ new_status: 'bank_link' });
    expect((await post(app, token, '/api/workflow/next_status', { current_status: 'bank_link' })).json()).toMatchObject({
      new_status: 'choosing_receiver_account',
    });
  });

  it('without a linked account the generic advance from the link page goes to manual entry', async () => {
    const { token } = await memberAt(app, 'bank_link');
    expect((await post(app, token, '/api/workflow/next_status', { current_status: 'bank_link' })).json()).toMatchObject({ new_status: 'bank_input' });
  });

  it('without account_id keeps the first checking account', async () => {
    const { token } = await memberAt(app, 'bank_link');
    const { public_token, accounts } = (await sandboxLogin({ institution_id: 'ins_sandbox_northwind', username: 'user_good', password: 'pass_good' })).json();
    const saved = (await post(app, token, '/api/bank_informations/save_plaid_information', { public_token })).json();
    const checking = accounts.find((a: { subtype: string }) => a.subtype === 'checking');
    expect(saved.bank_information.account_type).toBe('checking');
    expect(saved.bank_information.bank_account_number.endsWith(checking.mask)).toBe(true);
  });

  it('bad credentials and a down institution answer the aggregator error; the status stays', async () => {
    const wrong = await sandboxLogin({ institution_id: 'ins_sandbox_harbor_point', username: 'user_good', password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error_code: 'INVALID_CREDENTIALS', error_message: 'the provided credentials were not correct' });
    const down = await sandboxLogin({ institution_id: 'ins_sandbox_saltmarsh', username: 'user_good', password: 'pass_good' });
    expect(down.statusCode).toBe(422);
    expect(down.json()).toMatchObject({ error_code: 'INSTITUTION_DOWN' });
    const unknown = await sandboxLogin({ institution_id: 'ins_nope', username: 'user_good', password: 'pass_good' });
    expect(unknown.json()).toMatchObject({ error_code: 'INVALID_INSTITUTION' });
    const badLink = await sandboxLogin({
      link_token: 'link-sandbox-forged.sig',
      institution_id: 'ins_sandbox_harbor_point',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(badLink.json()).toMatchObject({ error_code: 'INVALID_LINK_TOKEN' });
  });

  it('a bad public token answers "Something got wrong, try again!", keeps the status, and logs the failure', async () => {
    const { token, id } = await memberAt(app, 'bank_link');
    const res = await post(app, token, '/api/bank_informations/save_plaid_information', { public_token: 'public-sandbox-forged.abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Something got wrong, try again!' });
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('bank_link');
    expect(await rows(id)).toHaveLength(0);
    const events = await app.ctx.database.db.select().from(bankLinkEvents).where(eq(bankLinkEvents.userId, id));
    expect(events).toMatchObject([{ event: 'SERVER_LINK_FAILED', metadata: { aggregator: 'plaid', error_code: 'INVALID_PUBLIC_TOKEN' } }]);
    // Widget exit leaves the status: the SPA offers manual entry.
    expect((await post(app, token, '/api/change_status', { new_status: 'bank_manually_insert' })).statusCode).toBe(200);
  });

  it('an account that cannot take ACH (a credit card) is refused', async () => {
    const { token } = await memberAt(app, 'bank_link');
    const { public_token, accounts } = (
      await sandboxLogin({ institution_id: 'ins_sandbox_harbor_point', username: 'user_good', password: 'pass_good' })
    ).json();
    const credit = accounts.find((a: { subtype: string }) => a.subtype === 'credit card');
    const res = await post(app, token, '/api/bank_informations/save_plaid_information', { public_token, account_id: credit.id });
    expect(res.json()).toEqual({ error: BANK_MSG.noEligibleAccount });
  });

  it('re-linking from the bank accounts page replaces the account without moving the status', async () => {
    const { token, id } = await memberAt(app, 'choosing_receiver_account');
    const { public_token } = (await sandboxLogin({ institution_id: 'ins_sandbox_copper_ridge', username: 'user_good', password: 'pass_good' })).json();
    const res = await post(app, token, '/api/bank_informations/save_plaid_information', { public_token });
    expect(res.json()).toMatchObject({ ok: true, new_status: 'choosing_receiver_account', bank_information: { bank_name: 'Copper Ridge Community Bank' } });
    expect(await rows(id)).toHaveLength(1);
  });

  it('the second aggregator (ribbit) links through its inquiry', async () => {
    const { token, id } = await memberAt(app, 'bank_link');
    const { inquiry, accounts } = (await sandboxLogin({ institution_id: 'ins_sandbox_tallgrass_cu', username: 'user_good', password: 'pass_good' })).json();
    const checking = accounts.find((a: { subtype: string }) => a.subtype === 'checking');
    const res = await post(app, token, '/api/bank_informations/save_ribbit_information', {
      inquiryId: inquiry.id,
      inquiryType: inquiry.type,
      accountId: checking.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ new_status: 'choosing_receiver_account', bank_information: { source: 'linked', bank_name: 'Tallgrass Credit Union' } });
    expect((await rows(id))[0]).toMatchObject({ aggregator: 'ribbit', accessTokenSealed: null });
    const bad = await post(app, token, '/api/bank_informations/save_ribbit_information', {
      inquiryId: 'inquiry-sandbox-x.y',
      inquiryType: 'x',
      accountId: 'y',
    });
    expect(bad.json()).toEqual({ error: BANK_MSG.linkFailed });
  });

  it('a public token of one member cannot be exchanged twice into two accounts of another kind (it is a token, not a password)', async () => {
    const { token } = await memberAt(app, 'bank_link');
    const { public_token } = (await sandboxLogin({ institution_id: 'ins_sandbox_bluebonnet', username: 'user_good', password: 'pass_good' })).json();
    // The access token minted by the exchange is not a public token.
    const res = await post(app, token, '/api/bank_informations/save_plaid_information', {
      public_token: public_token.replace('public-sandbox-', 'access-sandbox-'),
    });
    expect(res.json()).toEqual({ error: BANK_MSG.linkFailed });
  });

  it('POST /save_plaid_event stores the event', async () => {
    const { token, id } = await memberAt(app, 'bank_link');
    const res = await post(app, token, '/api/bank_informations/save_plaid_event', {
      event: 'EXIT',
      metadata: { status: 'requires_credentials', institution: { name: 'Harbor Point Bank' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const events = await app.ctx.database.db.select().from(bankLinkEvents).where(eq(bankLinkEvents.userId, id));
    expect(events).toMatchObject([{ event: 'EXIT', metadata: { status: 'requires_credentials' } }]);
    expect((await post(app, token, '/api/bank_informations/save_plaid_event', { event: '' })).json()).toEqual({ errors: { event: [FIELD_MSG.blank] } });
    expect((await post(app, token, '/api/bank_informations/save_plaid_event', { event: 'X', metadata: { blob: 'x'.repeat(9000) } })).json()).toEqual({
      errors: { metadata: [FIELD_MSG.invalid] },
    });
  });

  it('every bank call needs a session (the sandbox login does not: it plays the aggregator)', async () => {
    for (const [method, url] of [
      ['GET', '/api/bank_informations'],
      ['GET', '/api/bank_informations/widget'],
      ['GET', '/api/bank_informations/verify_manual'],
      ['POST', '/api/bank_informations/save_plaid_information'],
      ['POST', '/api/bank_informations/save_ribbit_information'],
      ['POST', '/api/bank_informations/save_plaid_event'],
      ['POST', '/api/bank_informations/update_field'],
      ['POST', '/api/bank_informations/confirm'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
