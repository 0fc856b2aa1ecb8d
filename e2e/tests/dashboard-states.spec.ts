import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiGet, apiPost, borrowerAt, currentStatus, reviewerAction, signInThroughUi, staffApiToken } from '../support/classic';

/**
 * Issue #33, the dashboard a newcomer meets: the funded loan appears without a reload, its card (with the
 * next payment) leads the page instead of "Approved" and the rating, and on a phone Loans & Payments is a
 * column of collapsible sections instead of ~7,000 px of cards. Screenshots go to E2E_SHOTS_DIR when set.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

interface LoanWire {
  id: number;
  identifier: string;
  next_payment?: { amount: number; due_date: string | null } | null;
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const us = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('the funded loan shows without a reload, its card leads with the next payment; Loans & Payments collapses on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Signed and approved, paying online: the dashboard waits for the money.
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 2 });
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: `${borrower.firstName} ${borrower.lastName}` });
  await reviewerAction(request, await staffApiToken(request, 'underwriter@payrail.test'), borrower.id, 'approve');
  expect(await currentStatus(request, borrower.token)).toBe('approved');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your application' })).toContainText('Approved');
  await expect(page.getByRole('region', { name: 'Loan history' })).toContainText('No loans yet.');
  await expectAccessible(page);
  await shot(page, 'dashboard-awaiting-desktop');

  // Staff fund the loan; the borrower does nothing.
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const funded = await request.post(`/api/backoffice/applications/${borrower.id}/fund`, {
    headers: { authorization: servicer, 'idempotency-key': `dashboard-states-${borrower.id}` },
  });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  const loan = ((await apiGet(request, borrower.token, '/loans/ongoing_loans')) as { opened_loan?: { loan: LoanWire } }).opened_loan?.loan;
  expect(loan?.next_payment?.due_date, 'the server states the next payment').toBeTruthy();

  const progress = page.getByRole('region', { name: 'Loan progress' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByTestId('next-payment')).toHaveText(`Next payment ${usd(loan!.next_payment!.amount)} on ${us(loan!.next_payment!.due_date!)}`);
  await expect(page.getByText('No loans yet.')).toHaveCount(0);
  // "Approved" no longer leads: the loan card does; the rating follows it as a small card.
  await expect(page.getByRole('region', { name: 'Your application' })).toHaveCount(0);
  const more = page.getByRole('region', { name: 'More for you' });
  await expect(more.getByRole('heading', { name: 'Rate your experience' })).toBeVisible();
  expect((await more.boundingBox())!.y).toBeGreaterThan((await progress.boundingBox())!.y);
  await expectAccessible(page);
  await shot(page, 'dashboard-funded-desktop');

  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loan terms' }).getByRole('button', { name: 'Loan terms' })).toHaveCount(0);
  await shot(page, 'loans-and-payments-desktop');
  const desktopHeight = await page.evaluate(() => document.documentElement.scrollHeight);

  // A phone: the dashboard, then Loans & Payments as collapsible sections.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Loan progress' }).getByTestId('next-payment')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'dashboard-funded-390');

  await page.goto('/dashboard/loans-and-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name }).getByRole('button', { name });
  await expect(section('Loan progress')).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Your balance', 'Loan terms', 'Documents', 'Payment history', 'Payments'])
    await expect(section(name)).toHaveAttribute('aria-expanded', 'false');
  await shot(page, 'loans-and-payments-390');
  // Was 7,269 px with every card open (issue #33); the header, the open progress card and the footer remain.
  const phoneHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(phoneHeight, `390 px: ${phoneHeight} px tall (desktop ${desktopHeight} px)`).toBeLessThan(3000);
  await expectAccessible(page);

  // Keyboard: Tab to Documents' button, Enter opens it; the signed note is listed.
  await section('Documents').focus();
  await page.keyboard.press('Enter');
  await expect(section('Documents')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('listitem').first()).toBeVisible();
  // The payments open too, and their panels still work.
  await section('Payments').click();
  await page.getByRole('button', { name: 'One-time payment (ACH)' }).click();
  await expect(page.getByRole('form', { name: 'One-time payment' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'loans-and-payments-390-open');
});
