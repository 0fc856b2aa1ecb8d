import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { apiGet, signInThroughUi } from '../support/classic';
import { advanceClockTo, fundedBorrower, payFromReturningAccount, plusDays, staffSignIn } from '../support/servicing';
import type { FundedBorrower } from '../support/servicing';

/**
 * Borrower care (issue #13, docs/borrower-care.md): the requests inbox, derived from real events — here a
 * payment the sandbox bank returns R01 — reminded by staff in the back office, and emptied by the fix.
 */

const SENT = 'Your payment has been sent successfully.';

async function signIn(page: Page, borrower: FundedBorrower): Promise<void> {
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible();
}

async function openRequests(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Requests' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
}

type Inbox = { requests: { kind: string; status: string }[] };

test('requests inbox: a returned payment appears with its action, staff remind, a new payment empties it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(request);
  const today = await advanceClockTo(request, borrower.effectiveDate);
  await signIn(page, borrower);
  await openRequests(page);
  await expect(page.getByText(/Nothing is waiting for you/)).toBeVisible();
  await expectAccessible(page);

  // A one-time payment from the sandbox account that the bank returns R01 (account number ending 0001).
  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await payFromReturningAccount(page, today);
  await expect(page.getByText(SENT)).toBeVisible();
  await advanceClockTo(request, plusDays(today, 7));
  await expect
    .poll(async () => ((await apiGet(request, borrower.token, '/dashboard/requests')) as Inbox).requests.map((r) => r.kind), { timeout: 60_000 })
    .toContain('returned_payment');

  await openRequests(page);
  const item = page.getByRole('list', { name: 'Open requests' }).getByRole('listitem').filter({ hasText: 'Fix a returned payment' });
  await expect(item).toContainText(`Your payment of $30.00 on loan ${borrower.identifier} was returned (insufficient funds).`);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('requests-inbox.png'), fullPage: true });

  // The servicer sees the same request on the application page and sends a reminder.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.goto(`/backoffice/applications/${borrower.id}`);
  const table = staff.getByRole('table', { name: 'Open requests' });
  await expect(table.getByText('Fix a returned payment')).toBeVisible({ timeout: 20_000 });
  await staff.getByRole('button', { name: 'Remind the borrower' }).click();
  await expect(staff.getByText(/Reminder sent: Reminder: 1 request is waiting for you\./)).toBeVisible();
  await expectAccessible(staff);
  await context.close();
  await page.reload();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/^Reminder: 1 request is wai/)
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The request's one action leads to the payments page; a new payment from the account on file fixes it.
  await item.getByRole('link', { name: 'Make a payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  const paid = await request.post('/api/request_payment', {
    headers: { authorization: borrower.token, 'idempotency-key': `care-fix-${borrower.id}` },
    data: { method: 'ach', mode: 'one_time', loan_id: borrower.loanId, amount: 3000, scheduling: { instant: false, date: plusDays(today, 9) }, params: {} },
  });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  await openRequests(page);
  await expect(page.getByText(/Nothing is waiting for you/)).toBeVisible();
});

test('consent centre: records with download; the E-SIGN consent withdrawn (consequences first), seen by staff, given again', async ({ page, request }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(request);
  await signIn(page, borrower);
  await page.getByRole('link', { name: 'Consents' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consents' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Agreements and disclosures' });
  await expect(table.getByText(`Promissory note (signed) — Signed as ${borrower.firstName} ${borrower.lastName}`)).toBeVisible();
  await expect(table.getByText('Consent to Receive Electronic Communications (E-SIGN Disclosure)')).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download Promissory note (signed)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^promissory_note_terms-.+\.pdf$/);

  await page.getByRole('button', { name: 'Withdraw consent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw your consent to electronic communications?' });
  await expect(dialog.getByText('The terms of your loan do not change, and your payments continue as scheduled.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('checkbox', { name: 'I read what withdrawing my consent means.' }).check();
  await dialog.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(page.getByText('Your consent is withdrawn. We will mail you future notices.')).toBeVisible();
  await expect(page.getByText('Delivery: Paper by U.S. mail')).toBeVisible();

  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.goto(`/backoffice/applications/${borrower.id}`);
  await expect(staff.getByText(/Delivery: Paper by U\.S\. mail/)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(staff);
  await context.close();

  await page.getByRole('button', { name: 'Give consent again' }).click();
  await expect(page.getByText('Your consent to electronic communications is back in effect.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw consent' })).toBeVisible();
});
