import type { TFundResponse } from '@payrail/contract/backoffice';
import { bankAccounts } from '../src/db/schema/index';
import { sealAccountNumber } from '../src/modules/banking/bank-accounts';
import { borrowerAtApplicationReview, forceStatus, post, staffToken } from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { auth, call } from './identity-helpers';
import type { TestApp } from './test-app';

/**
 * A borrower with a FUNDED loan, through the real flow: application, verified receiver account, signed
 * note, underwriter approval, servicer funding (POST /api/backoffice/applications/{id}/fund).
 */
export async function fundedBorrower(app: TestApp): Promise<{ id: number; token: string; email: string; loan: TFundResponse['loan'] }> {
  const who = await borrowerAtApplicationReview(app);
  const box = await app.ctx.cryptoBox();
  const at = app.ctx.now();
  await app.ctx.database.db.insert(bankAccounts).values({
    userId: who.id,
    usage: 'receiver',
    source: 'manual',
    accountType: 'checking',
    routingNumber: CLEARBROOK.routing,
    ...sealAccountNumber(box, '000123456789'),
    bankName: CLEARBROOK.name,
    verifiedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  await forceStatus(app, who.id, 'esignature_needed');
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  if (signed.statusCode !== 200) throw new Error(`sign: ${signed.body}`);
  if ((await app.ctx.repos.workflow.currentStatus(who.id)) !== 'application_submitted') await forceStatus(app, who.id, 'application_submitted');
  const [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
  const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriter) });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  const funded = await call(app, {
    method: 'POST',
    url: `/api/backoffice/applications/${who.id}/fund`,
    headers: { ...auth(servicer), 'idempotency-key': `fund-test-${who.id}` },
  });
  if (funded.statusCode !== 200) throw new Error(`fund: ${funded.body}`);
  return { ...who, loan: funded.json<TFundResponse>().loan };
}

/** A debit card saved to the member's wallet through the sandbox tokenizer (as the SPA does); its id. */
export async function saveCard(app: TestApp, token: string, number: string): Promise<number> {
  const tok = await call(app, {
    method: 'POST',
    url: '/api/card_tokenizer/sandbox/tokenize',
    payload: { name: 'Jordan Rivera', number, exp_month: '12', exp_year: '2030', cvc: '123' },
  });
  if (tok.statusCode !== 200) throw new Error(`tokenize ${number}: ${tok.statusCode} ${tok.body}`);
  const added = await call(app, {
    method: 'POST',
    url: '/api/add_debit_card',
    headers: auth(token),
    payload: { card: { token: tok.json<{ id: string }>().id } },
  });
  if (added.statusCode !== 201) throw new Error(`add_debit_card: ${added.statusCode} ${added.body}`);
  return added.json<{ card: { id: number } }>().card.id;
}

/** The client the auto-debit authorization is given from (recorded with it, and with the loan's auto-debit). */
export const AUTO_DEBIT_CLIENT = { ip: '10.9.8.7', userAgent: 'vitest-auto-debit' } as const;

/**
 * `fundedBorrower`, but through the repay-method step: POST /api/select_repay_method `{ repay_method }`
 * (1 auto-debit: then POST /api/auto_debit with the account on file, from AUTO_DEBIT_CLIENT; 0 split
 * direct deposit: the allotment review is passed over by a system move), `beforeSigning`, then
 * e-signature, approval and the servicer's funding.
 */
export async function fundedBorrowerRepaying(
  app: TestApp,
  repayMethod: 0 | 1,
  opts: { beforeSigning?: (who: { id: number; token: string }) => Promise<void> } = {},
): Promise<{ id: number; token: string; email: string; loan: TFundResponse['loan'] }> {
  const who = await borrowerAtApplicationReview(app);
  const box = await app.ctx.cryptoBox();
  const at = app.ctx.now();
  await app.ctx.database.db.insert(bankAccounts).values({
    userId: who.id,
    usage: 'receiver',
    source: 'manual',
    accountType: 'checking',
    routingNumber: CLEARBROOK.routing,
    ...sealAccountNumber(box, '000123456789'),
    bankName: CLEARBROOK.name,
    verifiedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  await forceStatus(app, who.id, 'select_repay_method');
  const chosen = await post(app, who.token, '/api/select_repay_method', { repay_method: repayMethod });
  if (chosen.statusCode !== 200) throw new Error(`select_repay_method: ${chosen.body}`);
  if (repayMethod === 1) {
    const authorized = await app.inject({
      method: 'POST',
      url: '/api/auto_debit',
      headers: { ...auth(who.token), 'user-agent': AUTO_DEBIT_CLIENT.userAgent },
      remoteAddress: AUTO_DEBIT_CLIENT.ip,
      payload: { use_account_on_file: true },
    });
    if (authorized.statusCode !== 200) throw new Error(`auto_debit: ${authorized.body}`);
  } else {
    await forceStatus(app, who.id, 'esignature_needed');
  }
  await opts.beforeSigning?.(who);
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  if (signed.statusCode !== 200) throw new Error(`sign: ${signed.body}`);
  if ((await app.ctx.repos.workflow.currentStatus(who.id)) !== 'application_submitted') await forceStatus(app, who.id, 'application_submitted');
  const [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
  const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriter) });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  const funded = await call(app, {
    method: 'POST',
    url: `/api/backoffice/applications/${who.id}/fund`,
    headers: { ...auth(servicer), 'idempotency-key': `fund-test-${who.id}` },
  });
  if (funded.statusCode !== 200) throw new Error(`fund: ${funded.body}`);
  return { ...who, loan: funded.json<TFundResponse>().loan };
}
