import { BANK_MSG } from '@payrail/contract/banking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicApp, uniqueSsn } from './application-helpers';
import { HARBOR_POINT } from './banking-helpers';
import { auth, call } from './identity-helpers';
import { confirmedApplicant, newflowSteps, ok, upload, walkToRateCheck } from './newflow-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

const saveManual = (token: string, bank_information: Record<string, string>) =>
  call(app, { method: 'POST', url: '/api/bank_informations/verify_manual_save_api_response', headers: auth(token), payload: { bank_information } });

/**
 * The new flow's manual bank page (apps/web bank_account/manual): POST verify_manual_save_api_response with
 * the account first (a refusal is its text body), then the verify_bank_account step with the statement.
 */
describe('new flow manual bank: verify_manual_save_api_response, then the step', () => {
  it('refuses with a text body, saves the account unverified, and the step with the statement verifies it and moves on', async () => {
    const steps = newflowSteps(app);
    const who = await confirmedApplicant(app);
    await walkToRateCheck(steps, who.token, { ssn: uniqueSsn(), manualEmployment: true });
    await ok(steps.post(who.token, { workflow_status_key: 'rate_check' }));
    expect((await ok(steps.post(who.token, { workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }))).new_status).toBe(
      'verify_bank_account',
    );

    const refused = await saveManual(who.token, { bank_account_number: '5555-0001', routing_transfer_number: HARBOR_POINT.routing, account_type: 'checking' });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.body).toBe(BANK_MSG.accountInvalid);

    const saved = await saveManual(who.token, { bank_account_number: '55550001', routing_transfer_number: HARBOR_POINT.routing, account_type: 'savings' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ok: true, bank_information: { account_type: 'savings', bank_account_number: '****0001', verified_at: null } });

    const moved = await ok(
      steps.post(who.token, {
        workflow_status_key: 'verify_bank_account',
        manual: { accountType: 'Savings', routingNumber: HARBOR_POINT.routing, accountNumber: '55550001', bankStatement: upload('bank_statement') },
      }),
    );
    expect(moved.new_status).toBe('additional_documents');
    const bank = await call(app, { url: '/api/bank_informations', headers: auth(who.token) });
    expect(bank.json()).toMatchObject({ account_type: 'savings', bank_account_number: '****0001', verified_at: expect.any(String) });
  });
});
