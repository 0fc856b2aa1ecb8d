import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmationCode, expect, phoneCode, test, uniqueEmail, uniquePhoneDigits } from './access';
import { reviewerAction, staffApiToken } from './classic';

export const NF = '/application/newflow';
export const NF_PASSWORD = 'Journey-pass1';

/** An SSN the bureau sandbox approves (its last four never 0001–0003, the decline/counteroffer/thin-file cases). */
export function approvingSsn(): string {
  const [a = 1, b = 1, c = 1, d = 1] = randomBytes(4);
  return `${String(100 + (a % 500)).padStart(3, '0')}-${String(10 + (b % 89)).padStart(2, '0')}-${String(1000 + ((c * 256 + d) % 8999)).padStart(4, '0')}`;
}

/** The sandbox bureau declines SSNs ending 0001 (docs/newflow.md). */
export function decliningSsn(): string {
  const [a = 1, b = 1] = randomBytes(2);
  return `${String(100 + (a % 500)).padStart(3, '0')}-${String(10 + (b % 89)).padStart(2, '0')}-0001`;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`newflow-${name}.png`), fullPage: true });
}

/** The signed-in account id the SPA keeps. */
export async function userIdOf(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('payrail.session') ?? '{}') as { user?: { id: number } }).user?.id ?? 0);
}

/** Check Your Rate through the screens, then the e-mailed code: lands on job_info. */
export async function checkYourRate(page: Page, request: APIRequestContext, options: { email?: string; amount?: string } = {}): Promise<string> {
  const email = options.email ?? uniqueEmail('nf');
  await page.goto(`${NF}/signup`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Rate' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toContainText('Loan Information');
  await expectAccessible(page);
  await page.getByLabel('How much do you need?').fill(options.amount ?? '3000');
  await page.getByRole('radio', { name: 'Bi-Weekly' }).check();
  await expect(page.getByRole('radio', { name: 'Major Purchase' })).toBeVisible();
  if ((await page.getByRole('radio', { name: 'Emergency Cash' }).count()) === 0) await page.getByRole('button', { name: 'More purposes' }).click();
  await page.getByRole('radio', { name: 'Emergency Cash' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('State of residence').selectOption({ label: 'Delaware' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check Your Rate' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/verify_email$`));
  await expectAccessible(page);
  const code = await confirmationCode(request, email);
  await page.getByLabel('Confirmation code').fill(code.toLowerCase());
  await expect(page.getByLabel('Confirmation code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/job_info$`));
  return email;
}

/** job_info with a listed employer picked from the search (3+ characters). */
export async function jobInfo(page: Page, employerSearch: string, employerName: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Job Information' })).toBeVisible();
  await page.getByLabel('Search for your employer').fill(employerSearch);
  await page.getByRole('button', { name: employerName }).click();
  await page.getByLabel('Employment status').selectOption('full-time');
  await page.getByLabel('How often are you paid?').selectOption({ label: 'Bi-Weekly' });
  await page.getByLabel('How long have you worked there?').selectOption('3-5 years');
  await page.getByLabel('Annual income', { exact: true }).fill('60000');
  await page.getByLabel('Annual household income').fill('80000');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** personal_info then the rent sub-step: lands on ssn. */
export async function personalInfo(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${NF}/personal_info$`));
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Middle initial').fill('b');
  await page.getByLabel('Last name').fill('Cruz');
  await page.getByLabel('Mobile phone').fill('2025550100');
  await page.getByLabel('Date of birth').fill('04121990');
  await page.getByLabel('Driver licence number').fill('D1234567');
  await page.getByLabel('Licence state').selectOption({ label: 'Delaware' });
  await page.getByRole('combobox', { name: 'Address' }).fill('123 North Main Street');
  await page.getByLabel('City').fill('Dover');
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Delaware' });
  await page.getByLabel('Zip code').fill('19901');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/personal_info/rent$`));
  await page.getByRole('radio', { name: 'Rent', exact: true }).check();
  await page.getByLabel('Monthly payment').fill('1200');
  await page.getByRole('radio', { name: 'Graduate Degree', exact: true }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/ssn$`));
}

export async function enterSsn(page: Page, ssn: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Social Security Number', exact: true }).fill(ssn.replace(/-/g, ''));
  await page.getByLabel('Repeat your Social Security Number').fill(ssn.replace(/-/g, ''));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check my rate' }).click();
  // The waiting screen, or already past it: the background rate check may decide before the page shows.
  await expect(page).toHaveURL(new RegExp(`${NF}/(checking_rate|select_program|denied|cant_proceed)$`), { timeout: 15_000 });
}

export async function approveAsReviewer(request: APIRequestContext, userId: number): Promise<void> {
  const token = await staffApiToken(request, 'underwriter@payrail.test');
  await reviewerAction(request, token, userId, 'approve');
}

const PNG = { mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') };
export const pngFile = (name: string) => ({ name, ...PNG });
export const pdfUpload = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });

/** Uploads every required document on additional_documents (the proof of address with today's date). */
export async function uploadDocuments(page: Page): Promise<void> {
  const sections = page.locator('section[aria-labelledby^="doc-"]');
  // The step's sections come with its data: count them once they are drawn (a count taken before finds none).
  await sections.first().waitFor();
  const count = await sections.count();
  for (let i = 0; i < count; i += 1) {
    const section = sections.nth(i);
    const title = (await section.getByRole('heading').textContent()) ?? '';
    const input = section.locator('input[type="file"]');
    if (/Proof of address/.test(title)) {
      await input.setInputFiles(pdfUpload('statement.pdf'));
      const today = new Date();
      await section
        .getByLabel('Date on the document')
        .fill(`${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}${today.getFullYear()}`);
    } else {
      await input.setInputFiles(pngFile(`${i}.png`));
    }
    await section.getByRole('button', { name: /^Upload/ }).click();
    await expect(section.getByText(/Uploaded:/)).toBeVisible({ timeout: 20_000 });
  }
}

/** verify_phone: the number (201 flips to the code), the texted code (Verify disabled under 3 characters). */
export async function verifyPhone(page: Page, request: APIRequestContext): Promise<void> {
  const digits = uniquePhoneDigits();
  await expectAccessible(page);
  const number = page.getByLabel('Mobile phone number');
  // The number typed on personal_info is pre-filled (the masked input): replace it with this run's own number.
  await expect(number).toHaveValue('(202)555-0100');
  await number.click();
  await number.press('ControlOrMeta+a');
  await number.press('Backspace');
  await expect(number).toHaveValue('');
  await number.pressSequentially(digits);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /send code/i }).click();
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeVisible();
  // The 30 s resend wait runs from this first send (newflow §4).
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  const code = await phoneCode(request, `+1${digits}`);
  await page.getByLabel('Verification code').fill(code.slice(0, 2));
  await expect(verify).toBeDisabled();
  await page.getByLabel('Verification code').fill(code);
  await expectAccessible(page);
  await verify.click();
}

/** From additional_documents to money_on_way: documents, an offer, password, phone, review, approval, signature. */
export async function finishApplication(page: Page, request: APIRequestContext, options: { offerList?: RegExp; shots?: string } = {}): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${NF}/additional_documents$`), { timeout: 20_000 });
  await expectAccessible(page);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await uploadDocuments(page);
  await expect(continueButton).toBeEnabled();
  if (options.shots) await screenshot(page, `${options.shots}-documents`);
  await continueButton.click();

  await expect(page).toHaveURL(new RegExp(`${NF}/loan_offer$`));
  await expectAccessible(page);
  if (options.shots) await screenshot(page, `${options.shots}-loan-offer`);
  const group = options.offerList ? page.getByRole('radiogroup', { name: options.offerList }) : page;
  // An auto-debit offer is the ACH authorization: its Auto Debit Disclosure consent is ticked before accepting.
  const acceptFirstOffer = async () => {
    await group.getByRole('radio').first().check();
    if ((await page.getByRole('radiogroup', { name: 'Auto-debit (ACH)' }).getByRole('radio', { checked: true }).count()) > 0) {
      await page.getByRole('checkbox', { name: 'I have read and accept the Auto Debit Disclosure.' }).check();
    }
    await page.getByRole('button', { name: 'Accept this offer' }).click();
  };
  await acceptFirstOffer();

  // Back (§2 back target loan_offer): the server moves back, the offers show again, and the applicant accepts again.
  await expect(page).toHaveURL(new RegExp(`${NF}/password_creation$`));
  if (options.shots) await screenshot(page, `${options.shots}-password-back`);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/loan_offer$`));
  await acceptFirstOffer();

  await expect(page).toHaveURL(new RegExp(`${NF}/password_creation$`));
  await page.getByLabel('Password', { exact: true }).fill(NF_PASSWORD);
  await page.getByLabel('Repeat password').fill(NF_PASSWORD);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create my password' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/verify_phone$`));
  await verifyPhone(page, request);

  await expect(page).toHaveURL(new RegExp(`${NF}/under_review$`));
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
  if (options.shots) await screenshot(page, `${options.shots}-money-on-way`);
}

/** Bank widget (sandbox aggregator) on bank_account. */
export async function linkBank(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${NF}/bank_account$`));
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await page.getByRole('button', { name: 'Link my bank account' }).click();
  const bank = page.getByRole('dialog', { name: 'Connect your bank' });
  await bank.getByRole('button', { name: 'Harbor Point Bank' }).click();
  await bank.getByLabel('Username').fill('user_good');
  await bank.getByLabel('Password').fill('pass_good');
  await bank.getByRole('button', { name: 'Submit' }).click();
}

/** Employment through the payroll widget (test_1 / passgood). */
export async function linkPayroll(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${NF}/employment$`));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Link my payroll account' }).click();
  const widget = page.getByRole('dialog', { name: /Connect to .* payroll/ });
  await widget.getByLabel('Payroll username').fill('test_1');
  await widget.getByLabel('Payroll password').fill('passgood');
  await widget.getByRole('button', { name: 'Connect' }).click();
}
