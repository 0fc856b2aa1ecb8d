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
  await app.ctx.database.db
    .insert(bankAccounts)
    .values({ userId: who.id, usage: 'receiver', source: 'manual', accountType: 'checking', routingNumber: CLEARBROOK.routing, ...sealAccountNumber(box, '000123456789'), bankName: CLEARBROOK.name, verifiedAt: at, createdAt: at, updatedAt: at });
  await forceStatus(app, who.id, 'esignature_needed');
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  if (signed.statusCode !== 200) throw new Error(`sign: ${signed.body}`);
  if ((await app.ctx.repos.workflow.currentStatus(who.id)) !== 'application_submitted') await forceStatus(app, who.id, 'application_submitted');
  const [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
  const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriter) });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  const funded = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/fund`, headers: { ...auth(servicer), 'idempotency-key': `fund-test-${who.id}` } });
  if (funded.statusCode !== 200) throw new Error(`fund: ${funded.body}`);
  return { ...who, loan: funded.json<TFundResponse>().loan };
}

/** A debit card saved to the member's wallet through the sandbox tokenizer (as the SPA does); its id. */
export async function saveCard(app: TestApp, token: string, number: string): Promise<number> {
  const tok = await call(app, { method: 'POST', url: '/api/card_tokenizer/sandbox/tokenize', payload: { name: 'Jordan Rivera', number, exp_month: '12', exp_year: '2030', cvc: '123' } });
  if (tok.statusCode !== 200) throw new Error(`tokenize ${number}: ${tok.statusCode} ${tok.body}`);
  const added = await call(app, { method: 'POST', url: '/api/add_debit_card', headers: auth(token), payload: { card: { token: tok.json<{ id: string }>().id } } });
  if (added.statusCode !== 201) throw new Error(`add_debit_card: ${added.statusCode} ${added.body}`);
  return added.json<{ card: { id: number } }>().card.id;
}
