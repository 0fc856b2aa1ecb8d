import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { NF, checkYourRate, screenshot, userIdOf } from '../support/newflow';
import { staffSignIn } from '../support/servicing';

/**
 * An employer that is not on the list: employer_info with the server's payroll services (plus Other and
 * Don't know), under review, then the reviewer's employer-review action lets the applicant continue.
 */
test('new flow: unlisted employer, payroll service from the server, employer review accepted', async ({ page, request }) => {
  test.setTimeout(180_000);
  await checkYourRate(page, request);
  await expect(page.getByRole('heading', { level: 1, name: 'Job Information' })).toBeVisible();
  await page.getByRole('button', { name: 'My employer is not on the list' }).click();
  await page.getByLabel('Employment status').selectOption('full-time');
  await page.getByLabel('How often are you paid?').selectOption({ label: 'Bi-Weekly' });
  await page.getByLabel('How long have you worked there?').selectOption('3-5 years');
  await page.getByLabel('Annual income', { exact: true }).fill('60000');
  await page.getByLabel('Annual household income').fill('80000');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/employer_info$`));
  const payroll = page.getByRole('combobox', { name: /Payroll service/ });
  // The form (and its list) renders once the step's data has arrived; allTextContents() does not wait.
  await expect(payroll).toBeVisible();
  const options = await payroll.locator('option').allTextContents();
  expect(options).toEqual(expect.arrayContaining(['ADP', 'Paychex', 'Workday']));
  expect(options.slice(-2)).toEqual(['Other', "Don't know"]);
  await page.getByLabel(/Employer name/).fill('Harborview Bakery');
  await page.getByLabel(/First name/).fill('Ana');
  await page.getByLabel(/Last name/).fill('Cruz');
  await page.getByLabel(/Work e-mail/).fill('ana@harborview.test');
  await page.getByLabel(/^Phone/).fill('2025550100');
  await payroll.selectOption('Paychex');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await expectAccessible(page);
  await screenshot(page, 'employer-info');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/under_review$`));
  const userId = await userIdOf(page);
  // The underwriter reads what was typed on the application page and accepts it (added to the employer list).
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'underwriter@payrail.test');
  await staff.goto(`/backoffice/applications/${userId}`);
  const review = staff.getByRole('region', { name: 'Employer review' });
  await expect(review).toContainText('Harborview Bakery');
  await expect(review).toContainText('Paychex');
  await review.getByRole('button', { name: 'Accept employer' }).click();
  const accept = staff.getByRole('dialog', { name: 'Accept the employer?' });
  await expect(accept.getByRole('textbox', { name: 'Employer name' })).toHaveValue('Harborview Bakery');
  await accept.getByRole('textbox', { name: /Note/ }).fill('Checked the bakery.');
  await expectAccessible(staff);
  await accept.getByRole('button', { name: 'Accept employer' }).click();
  await expect(accept).toBeHidden();
  await context.close();
  // The under-review page updates by itself when the reviewer decides.
  await expect(page).toHaveURL(new RegExp(`${NF}/personal_info$`), { timeout: 30_000 });
});
