import { randomInt } from 'node:crypto';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { cents, type Cents } from '@payrail/domain/money';
import {
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  borrowerProfiles,
  ledgerEntries,
  loanInstallments,
  loans,
  loanTransactions,
} from '../src/db/schema/index';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';
import { employerOfKind } from './application-helpers';

export type FundedLoan = { loanId: number; userId: number; email: string; token: string; identifier: string; paymentCents: Cents; employer: string };

/**
 * The payment plan the payment-plan tests propose (POST /api/backoffice/loans/:loanId/payment_plans): a
 * re-amortization over 8 installments at 9.5 % from 2031-04-10, for their loan disbursed 2031-01-02 with
 * 6 monthly payments from 2031-02-02 and two installments past due on 2031-03-20.
 */
export const PAYMENT_PLAN_TERMS = {
  kind: 're_amortize',
  installments: 8,
  annual_rate_percent: '9.5',
  first_due_date: '2031-04-10',
  reason: 'Lost overtime hours in February; can pay about $400 a month from April.',
} as const;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/**
 * A funded loan written straight into the database (as funding leaves it: loan, schedule, disbursement
 * ledger entry), repaid by auto-debit from a checking account ending in `account`, or by payroll allotment.
 */
export async function fundedLoan(
  app: TestApp,
  o: {
    disbursementDate: string;
    firstPaymentDate: string;
    account?: string;
    allotment?: boolean;
    employeeId?: string;
    amountCents?: number;
    payments?: number;
  },
): Promise<FundedLoan> {
  const employer = await employerOfKind(app, 'federal');
  const who = await signUpConfirmed(app, { employer_id: employer.id });
  const db = app.ctx.database.db;
  const at = app.ctx.now();
  const terms = {
    amountCents: cents(o.amountCents ?? 100_000),
    originationFeeCents: cents(0),
    feeFinanced: false,
    annualRatePercent: '12',
    frequency: 'monthly' as const,
    numberOfPayments: o.payments ?? 3,
    disbursementDate: parseIsoDate(o.disbursementDate),
    firstPaymentDate: parseIsoDate(o.firstPaymentDate),
  };
  const schedule = buildSchedule(terms);
  const [application] = await db
    .insert(applications)
    .values({ userId: who.id, paymentMethod: o.allotment ? 'split_direct_deposit' : 'auto_debit', amountCents: terms.amountCents, outcome: 'approved' })
    .returning();
  if (o.employeeId) {
    await db
      .insert(borrowerProfiles)
      .values({ userId: who.id, employeeId: o.employeeId })
      .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { employeeId: o.employeeId } });
  }
  const identifier = `${pad(randomInt(0, 10_000), 4)}-${pad(randomInt(0, 100), 2)}-${pad(randomInt(0, 10_000), 4)}`;
  const [loan] = await db
    .insert(loans)
    .values({
      userId: who.id,
      applicationId: application!.id,
      identifier,
      status: 'opened',
      amountCents: terms.amountCents,
      feeCents: cents(0),
      feeFinanced: false,
      interestRate: '12',
      aprPercent: '12.0000',
      frequency: 'monthly',
      terms: schedule.rows.length,
      disbursementDate: terms.disbursementDate,
      firstPaymentDate: terms.firstPaymentDate,
      notePrincipalCents: schedule.notePrincipalCents,
      financeChargeCents: schedule.totalInterestCents,
      totalOfPaymentsCents: schedule.totalOfPaymentsCents,
      createdAt: at,
    })
    .returning();
  await db.insert(loanInstallments).values(
    schedule.rows.map((r) => ({
      loanId: loan!.id,
      n: r.n,
      dueDate: r.dueDate,
      paymentCents: r.paymentCents,
      interestCents: r.interestCents,
      principalCents: r.principalCents,
      balanceCents: r.balanceCents,
    })),
  );
  await db.insert(ledgerEntries).values({
    loanId: loan!.id,
    kind: 'disbursement',
    effectiveDate: terms.disbursementDate,
    amountCents: schedule.disbursedCents,
    idempotencyKey: `disbursement:test:${loan!.id}`,
    createdAt: at,
  });
  if (!o.allotment) {
    const number = `55${pad(randomInt(0, 10_000), 4)}${o.account ?? '6789'}`;
    const [account] = await db
      .insert(bankAccounts)
      .values({
        userId: who.id,
        usage: 'auto_debit',
        source: 'manual',
        accountType: 'checking',
        routingNumber: '034821624',
        bankName: 'Harbor Point Bank',
        accountNumberSealed: (await app.ctx.cryptoBox()).seal(number, 'bank_accounts.account_number'),
        accountNumberLast4: number.slice(-4),
        verifiedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await db.insert(autoDebitAuthorizations).values({
      loanId: loan!.id,
      userId: who.id,
      bankAccountId: account!.id,
      amountCents: schedule.regularPaymentCents,
      disclosureAcceptedAt: at,
      createdAt: at,
    });
  }
  return {
    loanId: loan!.id,
    userId: who.id,
    email: who.email,
    token: who.token,
    identifier,
    paymentCents: schedule.regularPaymentCents,
    employer: employer.name,
  };
}

/** The auto-debit of installment `n` of `loan` on `on`, as the daily run creates it (scheduled), written straight to the table. */
export async function scheduledAutoDebit(app: TestApp, loan: FundedLoan, n: number, on: IsoDate) {
  const at = app.ctx.now();
  const [tx] = await app.ctx.database.db
    .insert(loanTransactions)
    .values({
      loanId: loan.loanId,
      userId: loan.userId,
      mode: 'auto_debit',
      method: 'ach',
      status: 'scheduled',
      amountCents: loan.paymentCents,
      scheduledDate: on,
      installmentN: n,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return tx!;
}

/** An app whose clock stands still at `now`, with the business date on that real date (another file of the worker may have moved it). */
export async function pinnedApp(now: Date): Promise<TestApp> {
  const app = await testApp({ now: () => now });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, now);
  return app;
}

/** A staff call to `${prefix}${url}` with `token`'s session (none for null) and an optional JSON body. */
export const staffCall = (app: TestApp, prefix: string, token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(app, {
    method,
    url: `${prefix}${url}`,
    headers: token ? auth(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
