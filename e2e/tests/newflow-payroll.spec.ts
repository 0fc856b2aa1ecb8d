import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { BANK_LINK_SANDBOX } from '../support/classic';
import {
  NF,
  NF_PASSWORD,
  approveAsReviewer,
  approvingSsn,
  checkYourRate,
  enterSsn,
  jobInfo,
  personalInfo,
  screenshot,
  uploadDocuments,
  userIdOf,
  verifyPhone,
} from '../support/newflow';

/**
 * Journey (1) of issue #15: Check Your Rate → payroll link → rate check → split direct deposit set up in
 * the payroll widget → bank widget → documents → offers → password → phone → review → approval →
 * e-signature → money_on_way.
 */
test('new flow: payroll link, automatic split deposit and the bank widget, to money_on_way', async ({ page, request }) => {
  test.setTimeout(240_000);
  await checkYourRate(page, request);
  await expect(page.getByRole('navigation', { name: 'Application steps' }).locator('[aria-current="step"]')).toContainText('Job Information');
  await screenshot(page, 'job-info');
  await jobInfo(page, 'Pinecrest Regional', 'Pinecrest Regional Medical Center');

  // ── Employment: the payroll widget (sandbox test mode) ─────────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/employment$`));
  await expect(page.getByText('Pinecrest Regional Medical Center')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Link my payroll account' }).click();
  const widget = page.getByRole('dialog', { name: /Connect to .* payroll/ });
  await widget.getByLabel('Payroll username').fill('test_1');
  await widget.getByLabel('Payroll password').fill('passbad');
  await widget.getByRole('button', { name: 'Connect' }).click();
  await expect(widget.getByRole('alert')).toBeVisible();
  await widget.getByLabel('Payroll password').fill('passgood');
  await widget.getByRole('button', { name: 'Connect' }).click();

  await personalInfo(page);
  await enterSsn(page, approvingSsn());
  await expectAccessible(page);
  await screenshot(page, 'checking-rate');

  // ── Program: split direct deposit, set up in the widget ───────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/select_program$`), { timeout: 30_000 });
  await expectAccessible(page);
  await page.getByRole('radio', { name: /Split direct deposit/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/split_direct_deposit$`));
  await expectAccessible(page);
  // The automatic split asks for the loan payment per paycheck, not the manual route's fixed $85.00.
  const lead = await page.getByText(/of each paycheck to your loan payment/).textContent();
  const asked = /\$([\d,]+\.\d\d)/.exec(lead ?? '')?.[1];
  expect(asked).toBeTruthy();
  expect(asked).not.toBe('85.00');
  await page.getByRole('button', { name: 'Set up my split deposit' }).click();
  const split = page.getByRole('dialog', { name: /payroll/ });
  await expect(split).toContainText(`$${asked}`);
  await split.getByRole('button', { name: 'Confirm deposit split' }).click();

  // ── Bank widget ───────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/bank_account$`));
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await page.getByRole('button', { name: 'Link my bank account' }).click();
  const bank = page.getByRole('dialog', { name: 'Connect your bank' });
  await bank.getByRole('button', { name: 'Harbor Point Bank' }).click();
  await bank.getByLabel('Username').fill(BANK_LINK_SANDBOX.username);
  await bank.getByLabel('Password').fill(BANK_LINK_SANDBOX.password);
  await bank.getByRole('button', { name: 'Submit' }).click();

  // ── Documents ────────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/additional_documents$`), { timeout: 20_000 });
  await expectAccessible(page);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await uploadDocuments(page);
  await expect(continueButton).toBeEnabled();
  await screenshot(page, 'documents');
  await continueButton.click();

  // ── Offers, password, phone ──────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/loan_offer$`));
  await expect(page.getByText(/lower interest rate/).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'loan-offer');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Accept this offer' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/password_creation$`));
  await page.getByLabel('Password', { exact: true }).fill(NF_PASSWORD);
  await page.getByLabel('Repeat password').fill(`${NF_PASSWORD}x`);
  await expect(page.getByText('password does not match')).toBeVisible();
  await page.getByLabel('Repeat password').fill(NF_PASSWORD);
  await page.getByLabel('Referral code').fill('NOPE-CODE');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create my password' }).click();
  await expect(page.getByText('This referral code does not exist.')).toBeVisible();
  await page.getByLabel('Referral code').fill('');
  await page.getByRole('button', { name: 'Create my password' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/verify_phone$`));
  await verifyPhone(page, request);

  // ── Review, approval, signature ──────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`${NF}/under_review$`));
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toHaveCount(0);
  await expectAccessible(page);
  await approveAsReviewer(request, await userIdOf(page));
  await expect(page).toHaveURL(new RegExp(`${NF}/approved$`), { timeout: 20_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Review and sign my agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/esignature$`));
  const signConfirm = page.locator('#esignature-confirm');
  await expect(signConfirm).toBeEnabled({ timeout: 20_000 });
  await expectAccessible(page);
  await signConfirm.click();
  await expect(page).toHaveURL(new RegExp(`${NF}/money_on_way$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your money is on the way!' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'money-on-way');
});
