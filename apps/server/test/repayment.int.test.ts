import { APPLICATION_MSG } from '@payrail/contract/application';
import { BANK_MSG, WALLET_MSG } from '@payrail/contract/banking';
import { FIELD_MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achAuthorizations,
  agreementDocuments,
  bankAccounts,
  feedbackRequests,
  repayMethodChoices,
  staffUsers,
  userAgreements,
  walletCards,
} from '../src/db/schema/index';
import { chooseTerms, employerId, get, HARBOR_POINT, memberAt, post, setNames, UNKNOWN_VALID_ROUTING, uploadDocument } from './banking-helpers';
import { outbox, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
// A fixed clock: card expiry and the allotment amount's dates do not depend on the day the tests run.
const NOW = new Date('2026-03-10T15:00:00Z');
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const moved = (s: string) => ({ new_status: s, workflow_status: { next_status: s } });
const stepRefusal = (status: string) => ({ error: BANK_MSG.stepNotAvailable(status), current_status: status });

describe('POST /api/select_repay_method', () => {
  it.each([
    [0, 'allotment_needed', 'split_direct_deposit'],
    [1, 'auto_debit_needed', 'auto_debit'],
    [2, 'esignature_needed', 'online'],
    ['1', 'auto_debit_needed', 'auto_debit'],
  ])('%s → %s', async (choice, status, method) => {
    const { token, id } = await memberAt(app, 'select_repay_method');
    const res = await post(app, token, '/api/select_repay_method', { repay_method: choice });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(moved(status));
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe(status);
    expect(await db().select().from(repayMethodChoices).where(eq(repayMethodChoices.userId, id))).toMatchObject([{ method }]);
  });

  it('refuses an unknown choice and a call outside its status', async () => {
    const { token } = await memberAt(app, 'select_repay_method');
    expect((await post(app, token, '/api/select_repay_method', { repay_method: 3 })).json()).toEqual({ errors: { repay_method: [FIELD_MSG.invalid] } });
    const other = await memberAt(app, 'ready_for_review');
    const res = await post(app, other.token, '/api/select_repay_method', { repay_method: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(stepRefusal('ready_for_review'));
  });
});

describe('POST /api/auto_debit', () => {
  async function verifiedAccountOnFile(token: string, id: number) {
    await app.ctx.repos.banking.replaceReceiver(
      {
        userId: id,
        usage: 'receiver',
        source: 'manual',
        accountType: 'checking',
        routingNumber: HARBOR_POINT.routing,
        bankName: HARBOR_POINT.name,
        accountNumberSealed: (await app.ctx.cryptoBox()).seal('44445555', 'bank_accounts.account_number'),
        accountNumberLast4: '5555',
        verifiedAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      },
      null,
    );
    void token;
  }

  it('with the account on file: stores the authorization under the disclosure and moves to e-signature', async () => {
    const { token, id } = await memberAt(app, 'auto_debit_needed');
    expect((await post(app, token, '/api/auto_debit', { use_account_on_file: true })).json()).toEqual({ error: BANK_MSG.noBankAccount });
    await verifiedAccountOnFile(token, id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auto_debit',
      headers: { authorization: token, 'user-agent': 'vitest-agent' },
      remoteAddress: '10.9.8.7',
      payload: { use_account_on_file: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject(moved('esignature_needed'));
    const [auth] = await db().select().from(achAuthorizations).where(eq(achAuthorizations.userId, id));
    const [disclosure] = await db().select().from(agreementDocuments).where(eq(agreementDocuments.id, auth!.agreementDocumentId));
    expect(disclosure!.name).toBe('auto_debit_disclosure');
    expect(auth).toMatchObject({ ip: '10.9.8.7', userAgent: 'vitest-agent', authorizedAt: NOW });
    expect(body.ach_authorization).toEqual({
      id: auth!.id,
      bank_account_id: auth!.bankAccountId,
      agreement_document_id: disclosure!.id,
      authorized_at: NOW.toISOString(),
    });
    const accepted = await db().select().from(userAgreements).where(eq(userAgreements.userId, id));
    expect(accepted.map((a) => a.agreementDocumentId)).toContain(disclosure!.id);
  });

  it('with a new account: the server checks it (ABA checksum, known bank, digits) and keeps it sealed', async () => {
    const { token, id } = await memberAt(app, 'auto_debit_needed');
    const send = (b: Record<string, unknown>) => post(app, token, '/api/auto_debit', b);
    const unknown = await send({ account_type: 'checking', account_number: '12345678', routing_number: UNKNOWN_VALID_ROUTING });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ error: 'Bank not found! Please review your bank account data and try again.' });
    expect((await send({ account_type: 'checking', account_number: '12345678', routing_number: '034821625' })).json()).toEqual({
      error: BANK_MSG.routingInvalid,
    });
    expect((await send({ account_type: 'checking', account_number: '1234x678', routing_number: HARBOR_POINT.routing })).json()).toEqual({
      error: BANK_MSG.accountInvalid,
    });
    // All three are required (field errors).
    const missing = await send({ account_type: 'checking' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['account_number', 'routing_number']);
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('auto_debit_needed');

    const ok = await send({ account_type: 'savings', account_number: '987654321012', routing_number: HARBOR_POINT.routing });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject(moved('esignature_needed'));
    const [account] = await db().select().from(bankAccounts).where(eq(bankAccounts.userId, id));
    expect(account).toMatchObject({
      usage: 'auto_debit',
      accountType: 'savings',
      routingNumber: HARBOR_POINT.routing,
      accountNumberLast4: '1012',
      bankName: HARBOR_POINT.name,
    });
    expect(account!.accountNumberSealed).not.toContain('987654321012');
    // The member's bank information (receiving account) is not replaced by the debit account.
    expect((await get(app, token, '/api/bank_informations')).statusCode).toBe(404);
  });

  it('is refused outside auto_debit_needed', async () => {
    const { token } = await memberAt(app, 'esignature_needed');
    expect((await post(app, token, '/api/auto_debit', { use_account_on_file: true })).json()).toEqual(stepRefusal('esignature_needed'));
  });
});

describe('allotment', () => {
  it('federal employer: allotment wording, the agency portal, the installment amount; e-mailed on first view only', async () => {
    const { token, id, email } = await memberAt(app, 'allotment_needed');
    await setNames(app, id, 'Ada', 'Lovelace', await employerId(app, 'Department of Veterans Affairs'));
    await chooseTerms(app, id, NOW);
    const res = await get(app, token, '/api/allotment_instructions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('How to set up your allotment');
    expect(res.body).toContain('https://mypay.dfas.mil');
    expect(res.body).toContain(HARBOR_POINT.routing);
    expect(res.body).toContain('8800012345');
    expect(res.body).not.toContain('$85.00');
    expect(res.body).toMatch(/Amount per paycheck<\/th><td>\$\d+\.\d{2}/);
    expect(res.body).toContain(`PAYRAIL-${String(id).padStart(8, '0')}`);
    await get(app, token, '/api/allotment_instructions');
    const mails = (await outbox(app, email)).filter((m) => m.subject === 'Your Payrail allotment instructions');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('https://mypay.dfas.mil');
    const again = await post(app, token, '/api/allotment_instructions/email');
    expect(again.json()).toEqual({ ok: true, email });
    expect((await outbox(app, email)).filter((m) => m.subject === 'Your Payrail allotment instructions')).toHaveLength(2);
  });

  it('postal employer: LiteBlue steps', async () => {
    const { token, id } = await memberAt(app, 'allotment_needed');
    await setNames(app, id, 'Ada', 'Lovelace', await employerId(app, 'United States Postal Service'));
    await chooseTerms(app, id, NOW);
    const html = (await get(app, token, '/api/allotment_instructions')).body;
    expect(html).toContain('LiteBlue');
    expect(html).toContain('PostalEASE');
    expect(html).toContain('https://liteblue.usps.gov');
  });

  it('non-federal employer: split direct deposit wording and the fixed $85.00 savings split', async () => {
    const { token, id, email } = await memberAt(app, 'allotment_needed');
    await setNames(app, id, 'Ada', 'Lovelace', await employerId(app, 'Pinecrest Regional Medical Center'));
    const html = (await get(app, token, '/api/allotment_instructions')).body;
    expect(html).toContain('split direct deposit');
    expect(html).not.toMatch(/allotment/i);
    expect(html).toContain('$85.00');
    expect(html).toContain('Savings');
    expect(html).toContain('https://myhr.pinecrestmedical.test');
    expect((await outbox(app, email)).some((m) => m.subject === 'Your Payrail split direct deposit instructions')).toBe(true);
  });

  it('continue needs an allotment file, then moves to review_allotment', async () => {
    const { token, id } = await memberAt(app, 'allotment_needed');
    await setNames(app, id, 'Ada', 'Lovelace', await employerId(app, 'Department of Energy'));
    const early = await post(app, token, '/api/allotment/continue');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ error: BANK_MSG.allotmentMissing, current_status: 'allotment_needed' });
    expect((await uploadDocument(app, token, 'allotment')).statusCode).toBe(201);
    expect((await post(app, token, '/api/allotment/continue')).json()).toEqual(moved('review_allotment'));
    expect((await post(app, token, '/api/allotment/continue')).json()).toEqual(stepRefusal('review_allotment'));
  });

  it('continue also needs a file of each document the reviewer named in feedback, uploaded since the request', async () => {
    const { token, id } = await memberAt(app, 'allotment_needed');
    const [underwriter] = await app.ctx.database.db.select().from(staffUsers).where(eq(staffUsers.role, 'underwriter')).limit(1);
    const asked = new Date(app.ctx.now().getTime() - 1000);
    await app.ctx.database.db.insert(feedbackRequests).values({
      userId: id,
      staffUserId: underwriter!.id,
      message: 'Send your W-2 with the allotment.',
      fields: [],
      documents: ['allotment', 'w2'],
      bankInformation: false,
      allotment: true,
      status: 'answered',
      createdAt: asked,
    });
    expect((await uploadDocument(app, token, 'allotment')).statusCode).toBe(201);
    const refused = await post(app, token, '/api/allotment/continue');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { 'documents.w2': [APPLICATION_MSG.documentMissing] } });
    expect((await uploadDocument(app, token, 'w2')).statusCode).toBe(201);
    expect((await post(app, token, '/api/allotment/continue')).json()).toEqual(moved('review_allotment'));
  });

  it('uses the split-deposit wording for the missing file too', async () => {
    const { token } = await memberAt(app, 'allotment_needed');
    expect((await post(app, token, '/api/allotment/continue')).json()).toEqual({ error: BANK_MSG.splitDepositMissing, current_status: 'allotment_needed' });
  });

  it('instructions are refused outside the allotment pages', async () => {
    const { token } = await memberAt(app, 'documents');
    expect((await get(app, token, '/api/allotment_instructions')).json()).toEqual(stepRefusal('documents'));
  });
});

describe('card tokenizer (sandbox) and wallet', () => {
  const tokenize = (b: Record<string, unknown>) => post(app, null, '/api/card_tokenizer/sandbox/tokenize', b);
  const card = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' };

  it('tokenizes the test card without a session and answers the processor error shapes', async () => {
    const ok = await tokenize(card);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      id: expect.stringMatching(/^tok_sandbox-/),
      card: { last4: '4242', brand: 'Visa', exp_month: 12, exp_year: 2030, funding: 'debit' },
    });
    expect(ok.body).not.toContain('4242424242424242');

    const cases: [Record<string, unknown>, string][] = [
      [{ ...card, number: '4000000000000002' }, 'Your card was declined.'],
      [{ ...card, number: '4242424242424241' }, 'Your card number is incorrect.'],
      [{ ...card, number: '4242' }, 'Your card number is incorrect.'],
      [{ ...card, exp_month: '02', exp_year: '2026' }, 'Your card has expired.'],
      [{ ...card, cvc: '' }, "Your card's security code is incomplete."],
      [{ ...card, cvc: undefined }, "Your card's security code is incomplete."],
      [{ ...card, exp_month: '13' }, "Your card's expiration month is invalid."],
    ];
    for (const [payload, message] of cases) {
      const res = await tokenize(payload);
      expect(res.statusCode, message).toBe(402);
      expect(res.json()).toEqual({ errors: [{ code: expect.any(String), message }] });
    }
    // This month is not expired yet (the clock is March 2026).
    expect((await tokenize({ ...card, exp_month: '03', exp_year: '26' })).statusCode).toBe(200);
  });

  it('GET /card_tokenizer/config names the provider', async () => {
    expect((await get(app, null, '/api/card_tokenizer/config')).json()).toEqual({ provider: 'sandbox', publishable_key: null });
  });

  it('POST /wallet stores the token sealed with the last four only; GET /get_debit_cards lists them', async () => {
    const { token, id } = await memberAt(app, 'debit_card');
    const tok = (await tokenize(card)).json().id as string;
    const res = await post(app, token, '/api/wallet', { token: tok, card_number: '**** **** **** 4242' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), last4: '4242' });
    const [row] = await db().select().from(walletCards).where(eq(walletCards.userId, id));
    expect(row!.last4).toBe('4242');
    expect(row!.tokenSealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row!.tokenSealed).not.toContain(tok);
    // The same token again is the same card.
    expect((await post(app, token, '/api/wallet', { token: tok, card_number: 'XXXX4242' })).json()).toEqual(res.json());
    // The listed card carries the expiry the processor reported (the shell shows it MM/YY).
    expect((await get(app, token, '/api/get_debit_cards')).json()).toEqual({
      ok: true,
      cards: [{ id: res.json().id, last4: '4242', brand: 'Visa', exp_month: 12, exp_year: 2030 }],
    });
  });

  it('never accepts a full card number', async () => {
    const { token, id } = await memberAt(app, 'debit_card');
    const tok = (await tokenize(card)).json().id as string;
    for (const card_number of ['4242424242424242', '4242 4242 4242 4242', '**** **** 4242 4242', '42424']) {
      const res = await post(app, token, '/api/wallet', { token: tok, card_number });
      expect(res.statusCode, card_number).toBe(422);
      expect(res.json()).toEqual({ errors: { card_number: [WALLET_MSG.cardNumberNotMasked] } });
    }
    const asToken = await post(app, token, '/api/wallet', { token: '4242424242424242', card_number: '4242' });
    expect(asToken.json()).toEqual({ errors: { token: [WALLET_MSG.tokenLooksLikeCardNumber] } });
    const asAddCard = await post(app, token, '/api/add_debit_card', { card: { token: '4242-4242-4242-4242' } });
    expect(asAddCard.json()).toEqual({ errors: { token: [WALLET_MSG.tokenLooksLikeCardNumber] } });
    expect(await db().select().from(walletCards).where(eq(walletCards.userId, id))).toHaveLength(0);
  });

  it('refuses an unknown token and last four digits that do not match the token', async () => {
    const { token } = await memberAt(app, 'debit_card');
    expect((await post(app, token, '/api/wallet', { token: 'tok_sandbox-forged.sig', card_number: '4242' })).json()).toEqual({
      errors: { token: [WALLET_MSG.tokenUnknown] },
    });
    const tok = (await tokenize({ ...card, number: '5555555555554444' })).json().id as string;
    expect((await post(app, token, '/api/wallet', { token: tok, card_number: '**** 4242' })).json()).toEqual({
      errors: { card_number: [WALLET_MSG.last4Mismatch] },
    });
  });

  it('POST /add_debit_card adds a card by token', async () => {
    const { token } = await signUpConfirmed(app);
    const tok = (await tokenize({ ...card, number: '5555555555554444' })).json().id as string;
    const res = await post(app, token, '/api/add_debit_card', { card: { token: tok } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ok: true,
      card: { id: expect.any(Number), last4: '4444', brand: 'Mastercard', exp_month: expect.any(Number), exp_year: expect.any(Number) },
    });
  });

  it('Continue with a card or SKIP: the debit card page moves to review_allotment through the workflow', async () => {
    for (const withCard of [true, false]) {
      const { token } = await memberAt(app, 'debit_card');
      if (withCard) {
        const tok = (await tokenize(card)).json().id as string;
        expect((await post(app, token, '/api/wallet', { token: tok, card_number: '4242' })).statusCode).toBe(201);
      }
      expect((await post(app, token, '/api/workflow/next_status', { current_status: 'debit_card' })).json()).toEqual(moved('review_allotment'));
    }
  });

  it('GET /debit_card_agreement_example is the debit card authorization as a PDF', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await get(app, token, '/api/debit_card_agreement_example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe('Debit Card Payment Authorization');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect((await get(app, null, '/api/debit_card_agreement_example')).statusCode).toBe(401);
  });
});
