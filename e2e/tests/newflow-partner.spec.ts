import { expectAccessible } from '../support/axe';
import { confirmationCode, expect, test, uniqueEmail } from '../support/access';
import { NF, approvingSsn, enterSsn, finishApplication, linkBank, linkPayroll, personalInfo, screenshot } from '../support/newflow';

/** Journey (4): partner sign-up (a b2b partner employer and the employee id), then the application to money_on_way. */
test('new flow: partner employer with employee id, to money_on_way', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('nf-partner');
  await page.goto(`${NF}/partner`);
  await page.getByLabel('How much do you need?').fill('2000');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByRole('radio', { name: 'Major Purchase' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('State of residence').selectOption({ label: 'Delaware' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Search for your employer').fill('Cedar Health');
  await page.getByRole('button', { name: 'Cedar Health Partners' }).click();
  const employeeId = page.getByLabel('Employee ID');
  await expect(employeeId).toHaveAttribute('maxlength', '30');
  await employeeId.fill('EMP-4242');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox').check();
  await expectAccessible(page);
  await screenshot(page, 'partner-signup');
  await page.getByRole('button', { name: 'Check Your Rate' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/verify_email$`));
  await page.getByLabel('Confirmation code').fill(await confirmationCode(request, email));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/job_info$`));
  // The partner employer is already chosen at sign-up.
  await expect(page.getByText('Cedar Health Partners')).toBeVisible();
  await page.getByLabel('Employment status').selectOption('full-time');
  await page.getByLabel('How often are you paid?').selectOption({ label: 'Bi-Weekly' });
  await page.getByLabel('How long have you worked there?').selectOption('3-5 years');
  await page.getByLabel('Annual income', { exact: true }).fill('55000');
  await page.getByLabel('Annual household income').fill('70000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await linkPayroll(page);
  await personalInfo(page);
  await enterSsn(page, approvingSsn());
  await expect(page).toHaveURL(new RegExp(`${NF}/select_program$`), { timeout: 30_000 });
  await page.getByRole('radio', { name: /Auto-debit/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await linkBank(page);
  await finishApplication(page, request, { shots: 'partner' });
});
