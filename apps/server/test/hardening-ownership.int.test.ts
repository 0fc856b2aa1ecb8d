import { WALLET_MSG } from '@payrail/contract/banking';
import { FIELD_MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAtEmployer, classicApp, get, post } from './application-helpers';
import { memberAt } from './banking-helpers';
import { call, signupBody } from './identity-helpers';
import type { TestApp } from './test-app';

/** Issue #14 §5 and §7: what one borrower typed in or was handed by a provider is never another's. */
let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(() => app.close());

describe('a typed-in ("not listed") employer stays its author\'s', () => {
  it("sign-up refuses another borrower's typed-in employer id", async () => {
    const { token } = await borrowerAtEmployer(app);
    const created = await post(app, token, '/api/employers', {
      employer: { name: `Hidden Works ${Date.now()}`, paymentFrequency: 'Bi-weekly', paymentDate: '11/20/2026' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { employer_id } = created.json<{ employer_id: number }>();
    const res = await call(app, { method: 'POST', url: '/api/signup', payload: await signupBody(app, { employer_id }) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { employer_id: [FIELD_MSG.invalid] } });
  });
});

describe('provider tokens are bound to the member who presents them first', () => {
  it('a bank-link public token saved by one member is refused to another', async () => {
    const a = await memberAt(app, 'bank_link');
    const b = await memberAt(app, 'bank_link');
    const widget = (await get(app, a.token, '/api/bank_informations/widget')).json<{ link_token: string }>();
    const login = await post(app, null as unknown as string, '/api/bank_link/sandbox/authorize', {
      link_token: widget.link_token,
      institution_id: 'ins_sandbox_harbor_point',
      username: 'user_good',
      password: 'pass_good',
    });
    const { public_token, inquiry } = login.json<{ public_token: string; inquiry: { id: string; type: string } }>();
    expect((await post(app, a.token, '/api/bank_informations/save_plaid_information', { public_token })).statusCode).toBe(200);
    const stolen = await post(app, b.token, '/api/bank_informations/save_plaid_information', { public_token });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ errors: { public_token: [FIELD_MSG.invalid] } });
    // The same login's inquiry: the first member to present it owns it.
    expect(inquiry.id).toBeTruthy();
  });

  it('a card token added by one member is unknown to another', async () => {
    const a = await memberAt(app, 'debit_card');
    const b = await memberAt(app, 'debit_card');
    const tok = (
      await post(app, null as unknown as string, '/api/card_tokenizer/sandbox/tokenize', {
        name: 'Ada Lovelace',
        number: '4242 4242 4242 4242',
        exp_month: '12',
        exp_year: '2030',
        cvc: '123',
      })
    ).json<{ id: string }>().id;
    expect((await post(app, a.token, '/api/wallet', { token: tok, card_number: '**** **** **** 4242' })).statusCode).toBe(201);
    const stolen = await post(app, b.token, '/api/wallet', { token: tok, card_number: '**** **** **** 4242' });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ errors: { token: [WALLET_MSG.tokenUnknown] } });
  });
});
