import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { apiGet, signInThroughUi } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays, staffSignIn } from '../support/servicing';

/**
 * Due-date change (issue #13, docs/borrower-care.md): the borrower picks a new date in the allowed window,
 * reads the re-disclosed schedule, signs with their full name, sees the new schedule, finds the signed
 * agreement in the loan's documents and in Consents; the servicer sees the revision in the back office.
 */

type Overview = { window: { current_due_date: string; earliest: string; latest: string } | null; refusal: string | null };

test('due-date change: sign the re-disclosed schedule, see it applied, the agreement filed, staff see the revision', async ({ page, request }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(request);
  await advanceClockTo(request, borrower.effectiveDate);
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible();

  const overview = (await apiGet(request, borrower.token, `/dashboard/loans/${borrower.loanId}/due_date_changes`)) as Overview;
  expect(overview.refusal).toBeNull();
  const w = overview.window!;
  const target = plusDays(w.current_due_date, 3) <= w.latest ? plusDays(w.current_due_date, 3) : w.earliest;

  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await page.getByRole('link', { name: 'Change due date' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change due date' })).toBeVisible();
  await page.getByLabel(/New due date/).fill(target);
  const table = page.getByRole('table', { name: 'Your payment schedule before and after the change' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Due date change agreement' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('due-date-change-step-1.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByLabel(/Type your full legal name to sign/).fill(`${borrower.firstName} ${borrower.lastName}`);
  await page.getByRole('checkbox', { name: 'I agree to sign the Due date change agreement electronically.' }).check();
  await page.getByRole('button', { name: 'Sign and change my due date' }).click();
  const done = page.getByRole('heading', { name: 'Your due date is changed' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  const [y, m, d] = target.split('-');
  await expect(page.getByText(`Your next payment is now due on ${m}/${d}/${y}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your new payment schedule' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('due-date-change-step-2.png'), fullPage: true });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('due-date-changed.png'), fullPage: true });

  // The agreement is one of the loan's documents, and a signed record in Consents.
  await page.getByRole('link', { name: 'Back to Loans & Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  await expect(page.getByText(/due-date-change-.*-signed\.pdf/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Consents' }).first().click();
  const consents = page.getByRole('table', { name: 'Agreements and disclosures' });
  await expect(consents.getByText(/Due date change agreement — Loan .*, signed as /)).toBeVisible();
  await expect(consents.getByRole('button', { name: 'Download Due date change agreement' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('due-date-change-step-3.png'), fullPage: true });
  await expectAccessible(page);

  // A second change is refused for 12 months, with the date it is available again.
  await page.goto(`/dashboard/loans-and-payments/${borrower.loanId}/change-due-date`);
  await expect(page.getByText(/A due date can be changed once every 12 months\. You can change it again on/)).toBeVisible();

  // The servicer sees the revision and the signed request on the loan page.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.goto(`/backoffice/loans/${borrower.loanId}`);
  const revisions = staff.getByRole('table', { name: 'Schedule revisions' });
  await expect(revisions.getByText('Due date change')).toBeVisible({ timeout: 20_000 });
  await expect(revisions.getByText('Borrower (self-service)')).toBeVisible();
  const requests = staff.getByRole('table', { name: 'Due date change requests' });
  await expect(requests.getByRole('button', { name: /Download the signed agreement of request/ })).toBeVisible();
  await staff.screenshot({ path: test.info().outputPath('due-date-change-step-4.png'), fullPage: true });
  await expectAccessible(staff);
  await context.close();
});
