import type { TFundResponse } from '@payrail/contract/backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import { bankAccounts } from '../src/db/schema/index';
import { sealAccountNumber } from '../src/modules/banking/bank-accounts';
import { borrowerAtApplicationReview, forceStatus, post, staffToken } from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { auth, call } from './identity-helpers';
import type { TestApp } from './test-app';

/** The row of a verified manual checking account at Clearbrook for `userId`, as the bank step leaves it. */
export async function receiverAccountRow(app: TestApp, userId: number, accountNumber: string) {
  const at = app.ctx.now();
  return {
    userId,
    usage: 'receiver' as const,
    source: 'manual' as const,
    accountType: 'checking' as const,
    routingNumber: CLEARBROOK.routing,
    ...sealAccountNumber(await app.ctx.cryptoBox(), accountNumber),
    bankName: CLEARBROOK.name,
    verifiedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

/** Writes that account straight into the database (funding and referral payouts credit it); its id. */
export async function addReceiverAccount(app: TestApp, userId: number, accountNumber = '000123456789'): Promise<number> {
  const [row] = await app.ctx.database.db
    .insert(bankAccounts)
    .values(await receiverAccountRow(app, userId, accountNumber))
    .returning({ id: bankAccounts.id });
  return row!.id;
}

/** The borrower signs the promissory note (POST /api/esignature/sign); the application is then submitted. */
async function signNote(app: TestApp, who: { id: number; token: string }): Promise<void> {
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  if (signed.statusCode !== 200) throw new Error(`sign: ${signed.body}`);
  if ((await app.ctx.repos.workflow.currentStatus(who.id)) !== 'application_submitted') await forceStatus(app, who.id, 'application_submitted');
}

/** An underwriter approves the submitted application (POST /api/backoffice/applications/{id}/approve). */
async function approve(app: TestApp, userId: number, underwriter?: string): Promise<void> {
  const token = underwriter ?? (await staffToken(app, 'underwriter@payrail.test'));
  const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/approve`, headers: auth(token) });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
}

/** A servicer funds the approved application under `key` (POST /api/backoffice/applications/{id}/fund); the loan. */
export async function fund(app: TestApp, userId: number, key = `fund-test-${userId}`): Promise<TFundResponse['loan']> {
  const servicer = await staffToken(app, 'servicer@payrail.test');
  const funded = await call(app, {
    method: 'POST',
    url: `/api/backoffice/applications/${userId}/fund`,
    headers: { ...auth(servicer), 'idempotency-key': key },
  });
  if (funded.statusCode !== 200) throw new Error(`fund: ${funded.body}`);
  return funded.json<TFundResponse>().loan;
}

/**
 * A borrower whose application is approved and whose promissory note is signed, with a verified receiver
 * account: application review (`atReview` runs there), receiver account, e-signature, the underwriter's
 * approval (with the `underwriter` session when given).
 */
export async function approvedAndSigned(
  app: TestApp,
  opts: { underwriter?: string; atReview?: (who: { id: number; token: string }) => Promise<void> } = {},
): Promise<Awaited<ReturnType<typeof borrowerAtApplicationReview>>> {
  const who = await borrowerAtApplicationReview(app);
  await opts.atReview?.(who);
  await addReceiverAccount(app, who.id);
  await forceStatus(app, who.id, 'esignature_needed');
  await signNote(app, who);
  await approve(app, who.id, opts.underwriter);
  return who;
}

/**
 * A borrower with a FUNDED loan, through the real flow: application, verified receiver account, signed
 * note, underwriter approval, servicer funding (POST /api/backoffice/applications/{id}/fund, under
 * `fundKey`). `atReview` runs on the application review.
 */
export async function fundedBorrower(
  app: TestApp,
  opts: { fundKey?: (userId: number) => string; atReview?: (who: { id: number; token: string }) => Promise<void> } = {},
): Promise<{ id: number; token: string; email: string; loan: TFundResponse['loan'] }> {
  const who = await approvedAndSigned(app, { ...(opts.atReview ? { atReview: opts.atReview } : {}) });
  return { ...who, loan: await fund(app, who.id, opts.fundKey?.(who.id)) };
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
  await addReceiverAccount(app, who.id);
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
  await signNote(app, who);
  await approve(app, who.id);
  return { ...who, loan: await fund(app, who.id) };
}

/** A funded borrower as `fundedBorrower` answers it. */
export type FundedBorrower = Awaited<ReturnType<typeof fundedBorrower>>;

/**
 * Two funded borrowers (the business date moved to the owner's disbursement day) and debit cards saved
 * to their wallets: `ownerCards` to the owner's (ids in that order), `otherCard` to the other's.
 */
export async function cardHolders<const T extends readonly string[]>(
  app: TestApp,
  ownerCards: T,
  otherCard: string,
): Promise<{ owner: FundedBorrower; other: FundedBorrower; cards: { -readonly [K in keyof T]: number }; othersCard: number }> {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  const owner = await fundedBorrower(app);
  const other = await fundedBorrower(app);
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(owner.loan.disbursement_date), null, app.ctx.now());
  const cards: number[] = [];
  for (const number of ownerCards) cards.push(await saveCard(app, owner.token, number));
  const othersCard = await saveCard(app, other.token, otherCard);
  return { owner, other, cards: cards as { -readonly [K in keyof T]: number }, othersCard };
}

/** Puts the business date back on the real calendar (other files of this worker read it) and closes the app. */
export async function closeOnRealDate(app: TestApp): Promise<void> {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
}

/** A borrower's call to /api{url}: GET, or POST with an idempotency key unless `key` is null. */
export const borrowerGet = (app: TestApp, token: string, url: string) => call(app, { url: `/api${url}`, headers: auth(token) });
export const borrowerPost = (app: TestApp, token: string, url: string, payload: Record<string, unknown>, key: string | null) =>
  call(app, { method: 'POST', url: `/api${url}`, headers: { ...auth(token), ...(key === null ? {} : { 'idempotency-key': key }) }, payload });

/** Idempotency keys `${prefix}-…`, a new one each call. */
export function keyMaker(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${Date.now().toString(36)}-${String(++n)}`;
}

/** The `error_messages` of a refused payment call. */
export const errorsOf = (res: { json: <T>() => T }) => res.json<{ error_messages: string[] }>().error_messages;
