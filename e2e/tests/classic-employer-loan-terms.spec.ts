import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import type { Page } from '@playwright/test';
import { EMPLOYERS, borrowerAt } from '../support/classic';
import type { Borrower } from '../support/classic';

/** Employer and income (spec §2, §5) and loan terms (spec §2, §9) through the screens. */

/**
 * Signs in through the sign-in screen and waits for the page of the borrower's status. (The shared
 * `signInThroughUi` clicks a /sign in/i button, which is "Sign in with Google"; the submit is "Continue".)
 */
async function signInThroughUi(page: Page, borrower: Pick<Borrower, 'email' | 'password'>, expectPath: RegExp): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(expectPath, { timeout: 20_000 });
}

/** A date `days` before today (UTC) as MM/DD/YYYY: a last paycheck in the past. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

test.describe('employer and income', () => {
  test('a partner employer asks for the employee id; confirming opens phone verification', async ({ page, request }) => {
    const borrower = await borrowerAt(request, 'employer');
    await signInThroughUi(page, borrower, /\/application\/employer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Employer and Income' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('radio', { name: 'Employed', exact: true }).check();
    await page.getByLabel('Search for your employer').fill('Cedar');
    await page.getByRole('button', { name: EMPLOYERS.partner }).click();
    await expect(page.getByText(EMPLOYERS.partner, { exact: true })).toBeVisible();

    const employeeId = page.getByLabel('Employee ID');
    await expect(employeeId).toBeVisible();
    await page.getByLabel('How long have you been at your current job?').selectOption('3 - 5 years');
    const confirm = page.locator('#employer-confirm');
    // The employee id is required for a partner employer.
    await expect(confirm).toBeDisabled();
    await expect(page.getByText('Enter your employee id.')).toBeVisible();
    await employeeId.fill('CHP-20931');
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('employer.png'), fullPage: true });

    await confirm.click();
    await expect(page).toHaveURL(/\/phone_verification$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Phone Verification' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an employer that is not listed is typed in and confirmed', async ({ page, request }) => {
    const borrower = await borrowerAt(request, 'employer');
    await signInThroughUi(page, borrower, /\/application\/employer$/);
    await page.getByRole('radio', { name: 'Employed', exact: true }).check();
    await page.getByLabel('Search for your employer').fill('Zzyzx Nowhere Works');
    await expect(page.getByText(/We could not find this employer/)).toBeVisible();

    await page.getByRole('checkbox', { name: 'My employer is not listed' }).check();
    await expect(page.getByLabel('Search for your employer')).toBeHidden();
    const confirm = page.locator('#employer-confirm');
    await page.getByLabel('Employer name').fill('Zzyzx Nowhere Works');
    await page.getByLabel('Payment frequency').selectOption('Bi-weekly');
    await page.getByLabel('How long have you been at your current job?').selectOption('More than 5 years');
    await expect(confirm).toBeDisabled();
    await page.getByLabel('Date of your last paycheck').fill(daysAgo(4).replace(/\//g, ''));
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('not-listed.png'), fullPage: true });

    await confirm.click();
    await expect(page).toHaveURL(/\/phone_verification$/, { timeout: 20_000 });
    await expectAccessible(page);
  });

  test('"Less than 1 year" and active duty do not disable Confirm: the server refuses them on their fields', async ({ page, request }) => {
    const borrower = await borrowerAt(request, 'employer');
    await signInThroughUi(page, borrower, /\/application\/employer$/);
    await page.getByRole('radio', { name: 'Employed', exact: true }).check();
    await page.getByLabel('Search for your employer').fill('Pinecrest');
    await page.getByRole('button', { name: EMPLOYERS.private }).click();
    const tenure = page.getByLabel('How long have you been at your current job?');
    await tenure.selectOption('Less than 1 year');
    const rule = page.getByText('our program requires at least one year at current job', { exact: true });
    await expect(rule).toHaveCount(1);
    await expect(tenure).toHaveAccessibleDescription('our program requires at least one year at current job');
    const confirm = page.locator('#employer-confirm');
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await confirm.click();
    await expect(confirm).not.toHaveAttribute('aria-disabled', 'true');
    await expect(tenure).toHaveAccessibleDescription('our program requires at least one year at current job');
    await expect(page).toHaveURL(/\/application\/employer$/);

    // Active duty: the warning, the server's refusal on the question, and Confirm refused there.
    await tenure.selectOption('1 - 3 years');
    await expect(rule).toHaveCount(0);
    const question = page.getByRole('radiogroup', { name: 'Are you an active-duty member of the armed forces?' });
    await question.getByRole('radio', { name: 'Yes' }).check();
    const ineligible = 'Our loans are not available to active-duty members of the armed forces.';
    await expect(question).toHaveAccessibleDescription(ineligible);
    await expect(page.getByText(ineligible)).toHaveCount(2);
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('employer-refused.png'), fullPage: true });
    await confirm.click();
    await expect(confirm).not.toHaveAttribute('aria-disabled', 'true');
    await expect(question).toHaveAccessibleDescription(ineligible);
    await expect(page).toHaveURL(/\/application\/employer$/);

    await question.getByRole('radio', { name: 'No' }).check();
    await expect(page.getByText(ineligible)).toHaveCount(0);
    await confirm.click();
    await expect(page).toHaveURL(/\/phone_verification$/, { timeout: 20_000 });
  });
});

test.describe('loan terms', () => {
  test('a new amount re-prices the terms; Continue waits for the consent and opens bank link', async ({ page, request }) => {
    const borrower = await borrowerAt(request, 'loan_terms');
    await signInThroughUi(page, borrower, /\/loan_terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Terms' })).toBeVisible();
    // Nothing is pre-selected (issue #17): the borrower chooses an amount first.
    const amount = page.getByLabel('Loan amount');
    await expect(amount).toHaveValue('');
    await expectAccessible(page);
    await amount.selectOption('300000');
    const terms = page.getByRole('definition').first();
    await expect(terms).toHaveText(/^\$[\d,]+\.\d{2}/);
    await expect(page.getByText('Updating your terms…')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(/^\d+\.\d{2}%$/).first()).toBeVisible();
    await expectAccessible(page);

    const before = await amount.inputValue();
    const paymentBefore = await terms.textContent();
    const options = await amount.locator('option').evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
    const other = options.find((value) => value !== before && value !== '');
    expect(other, 'a second amount option').toBeTruthy();
    await amount.selectOption(other!);
    await expect(terms).not.toHaveText(paymentBefore ?? '', { timeout: 15_000 });
    await expect(page.getByText('Updating your terms…')).toBeHidden({ timeout: 15_000 });

    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await page.getByRole('checkbox', { name: /I agree to these loan terms/ }).check();
    await expect(next).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('loan-terms.png'), fullPage: true });

    await next.click();
    await expect(page).toHaveURL(/\/bank_link$/, { timeout: 20_000 });
  });
});
