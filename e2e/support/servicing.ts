import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiGet,
  apiPost,
  borrowerAt,
  currentStatus,
  reviewerAction,
  reviewerMove,
  staffApiToken,
  uploadDocument,
  type Borrower,
  type BorrowerOptions,
} from './classic';

/** Servicing journeys: a funded loan per test, and the back office's business clock (shared, forward only). */

export interface FundedBorrower extends Borrower {
  loanId: number;
  identifier: string;
  /** The disbursement date: no payment may be dated before it. */
  effectiveDate: string;
}

interface OngoingLoans {
  opened_loan?: { loan: { id: number; identifier: string; effective_date: string } };
}

/** How the borrower repays: online (one-time and auto-debit payments) or payroll split direct deposit / allotment. */
export type RepayBy = 'online' | 'payroll';

/**
 * A borrower with an opened loan: walked over the API to select_repay_method (automated review), the
 * repay method (online; or payroll: the allotment uploaded and approved by an underwriter), signed,
 * approved by an underwriter, then funded by the servicer with an Idempotency-Key.
 */
export async function fundedBorrower(request: APIRequestContext, repayBy: RepayBy = 'online', options: BorrowerOptions = {}): Promise<FundedBorrower> {
  const borrower = await borrowerAt(request, 'after_review', options);
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  if (repayBy === 'payroll') {
    await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 0 });
    expect(await currentStatus(request, borrower.token)).toBe('allotment_needed');
    await uploadDocument(request, borrower.token, 'allotment');
    await apiPost(request, borrower.token, '/allotment/continue', {});
    expect(await currentStatus(request, borrower.token)).toBe('review_allotment');
    await reviewerMove(request, borrower.id, 'esignature_needed');
  } else {
    await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 2 });
  }
  expect(await currentStatus(request, borrower.token)).toBe('esignature_needed');
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: `${borrower.firstName} ${borrower.lastName}` });
  await reviewerAction(request, await staffApiToken(request, 'underwriter@payrail.test'), borrower.id, 'approve');
  expect(await currentStatus(request, borrower.token)).toBe('approved');
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const funded = await request.post(`/api/backoffice/applications/${borrower.id}/fund`, {
    headers: { authorization: servicer, 'idempotency-key': `servicing-journey-${borrower.id}` },
  });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  const ongoing = (await apiGet(request, borrower.token, '/loans/ongoing_loans')) as OngoingLoans;
  const loan = ongoing.opened_loan?.loan;
  expect(loan, 'an opened loan after funding').toBeTruthy();
  return { ...borrower, loanId: loan!.id, identifier: loan!.identifier, effectiveDate: loan!.effective_date };
}

export interface Clock {
  business_date: string;
  movable: boolean;
}

export async function businessDate(request: APIRequestContext): Promise<string> {
  const token = await staffApiToken(request, 'servicer@payrail.test');
  const res = await request.get('/api/backoffice/servicing/business_date', { headers: { authorization: token } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Clock).business_date;
}

/** ISO date plus days (UTC). */
export function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Signs a staff member in through the back-office sign-in screen. */
export async function staffSignIn(page: Page, email: string, password = 'Payrail-demo-1'): Promise<void> {
  await page.goto('/backoffice/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

/** The next Monday-to-Friday date after `iso` (the journeys' dates avoid Federal holidays). */
export function nextBusinessDay(iso: string): string {
  let next = plusDays(iso, 1);
  while ([0, 6].includes(new Date(`${next}T00:00:00Z`).getUTCDay())) next = plusDays(next, 1);
  return next;
}

/** The back office's servicing view of a loan (ledger, ACH entries, status). */
export async function servicingOf(request: APIRequestContext, loanId: number): Promise<unknown> {
  const token = await staffApiToken(request, 'servicer@payrail.test');
  const res = await request.get(`/api/backoffice/loans/${loanId}/servicing`, { headers: { authorization: token } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Moves the business date (API, as a servicer) to `date` unless it is already there or later; answers the business date. */
export async function advanceClockTo(request: APIRequestContext, date: string): Promise<string> {
  const current = await businessDate(request);
  if (current >= date) return current;
  const token = await staffApiToken(request, 'servicer@payrail.test');
  const res = await request.post('/api/backoffice/servicing/business_date', { headers: { authorization: token }, data: { date } });
  expect(res.status(), await res.text()).toBe(200);
  return date;
}

/**
 * Makes a one-time ACH payment of $30.00 dated today on the open Loans & Payments page, from a new
 * account that the sandbox bank returns R01 (an account number ending 0001, docs/servicing.md).
 */
export async function payFromReturningAccount(page: Page, today: string): Promise<void> {
  await page.getByRole('button', { name: 'One-time payment (ACH)' }).click();
  const form = page.getByRole('form', { name: 'One-time payment' });
  await form.getByRole('combobox', { name: /Bank account/ }).selectOption('new');
  await form.getByRole('textbox', { name: /Account number/ }).fill('987650001');
  await form.getByRole('textbox', { name: /Routing number/ }).fill('034821624');
  await expect(form.getByText('HARBOR POINT BANK, N.A.', { exact: true })).toBeVisible();
  await form.getByRole('combobox', { name: /Account type/ }).selectOption('checking');
  await form.getByRole('textbox', { name: /Amount/ }).pressSequentially('30');
  await expect(form.getByLabel(/Payment date/)).toHaveValue(today);
  await form.getByRole('button', { name: 'Make payment' }).click();
}
