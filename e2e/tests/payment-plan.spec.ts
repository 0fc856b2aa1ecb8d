import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiGet, signInThroughUi } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays, staffSignIn } from '../support/servicing';

/**
 * Issue #32, payment plans (docs/payment-plans.md): a payroll loan that receives nothing is past due; a
 * servicer previews a re-amortisation with its disclosure on the loan page and proposes it; the borrower
 * reviews the plan and signs it; the plan is in force. Axe on both screens.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

test('a servicer proposes a payment plan and the borrower signs it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request, 'payroll');
  const next = (await apiGet(request, borrower.token, `/transactions/loan/next_term_date/${borrower.loanId}`)) as { next_term_date: string };
  const today = await advanceClockTo(request, plusDays(next.next_term_date, 3));

  await staffSignIn(page, 'servicer@payrail.test');
  await page.goto(`/backoffice/loans/${borrower.loanId}`);
  const section = page.getByRole('region', { name: 'Payment plan' });
  await expect(section.getByText('No payment plan was proposed for this loan.')).toBeVisible();
  await section.getByLabel('Number of payments').fill('6');
  await section.getByLabel('First due date').fill(plusDays(today, 10));
  await section.getByRole('button', { name: 'Preview the plan' }).click();
  await expect(section.getByRole('table', { name: 'Revised schedule if signed today' })).toBeVisible();
  await expectAccessible(page);
  await section.getByLabel('Why the plan is offered (kept on file)').fill('Borrower lost hours; agreed on the phone to six payments.');
  await section.getByRole('button', { name: 'Propose to the borrower' }).click();
  await expect(section.getByRole('table', { name: 'Payment plans of this loan' }).getByText('Waiting for the borrower’s signature')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInThroughUi(page, borrower, /\/dashboard/);
  await page.goto(`/dashboard/loans/${borrower.loanId}/payment-plan`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment plan' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your payment schedule with the plan' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/Type your full legal name to sign/).fill(`${borrower.firstName} ${borrower.lastName}`);
  await page.getByRole('checkbox', { name: 'I agree to this payment plan and to sign it electronically.' }).check();
  await page.getByRole('button', { name: 'Sign the payment plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment plan is in force' })).toBeFocused();
  await expectAccessible(page);
});
