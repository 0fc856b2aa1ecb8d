import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible } from '../support/axe';
import { confirmationCode, DELAWARE, expect, phoneCode, test, uniqueEmail, uniquePhoneDigits } from '../support/access';
import { BANK_LINK_SANDBOX, EMPLOYERS, REFERENCES, apiGet, currentStatus, pdfFile, stateProofOfAddress, uniqueSsn } from '../support/classic';

/**
 * The whole classic application in the browser (issue "Classic application flow", Must show): a fresh
 * sign-up, every step through the screens — About yourself, employer, phone, loan terms, the sandbox
 * bank link, documents, review, repayment, e-signature — to the signed promissory note, whose stored
 * hash and figures are then checked against what the server answers.
 */

test.describe.configure({ timeout: 300_000 });

const PASSWORD = 'Journey-pass1';

/** Types into a masked field key by key, as a person does. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

const sessionToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('payrail.session') ?? '{}') as { token?: string }).token ?? '');

interface EsignAnswer {
  workflow_status: string;
  loan_terms: {
    apr: string;
    amount_cents: number;
    finance_charge_cents: number;
    amount_financed_cents: number;
    total_of_payments_cents: number;
    number_of_payments: number;
  };
  agreements: { id: number; name: string }[];
  signed: { signed_at: string; sha256: string } | null;
}

test('a fresh applicant goes through every classic step to the signed promissory note', async ({ page, request }) => {
  const email = uniqueEmail('journey');

  // ── Sign up and confirm the e-mail ───────────────────────────────────────────────────────────────
  await page.goto('/signup');
  await page.getByLabel('State of residence').selectOption({ label: DELAWARE.name });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/email_validation$/);
  await page.getByLabel('Confirmation code').fill(await confirmationCode(request, email));
  await page.getByRole('button', { name: 'Continue' }).click();

  // ── About yourself ───────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/application\/about_yourself$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'About Yourself' })).toBeVisible();
  const education = page.getByRole('dialog', { name: 'Financial education program' });
  await expect(education).toBeVisible();
  await education.getByRole('checkbox').check();
  await education.getByLabel('First name initial').fill('J');
  await education.getByLabel('Last name initial').fill('R');
  await education.getByRole('button', { name: 'I agree' }).click();
  await expect(education).toBeHidden();

  await page.getByLabel('First name', { exact: true }).fill('Jordan');
  await page.getByLabel('Last name', { exact: true }).fill('Rivera');
  await typeInto(page, 'Date of birth', '04121986');
  const ssn = uniqueSsn().replace(/-/g, '');
  await typeInto(page, 'Social security number', ssn);
  await typeInto(page, 'Confirm social security number', ssn);
  await page.getByLabel('Driver license number').fill('D1234567');
  await page.getByLabel('Driver license state').selectOption({ label: DELAWARE.name });
  await typeInto(page, 'Annual income', '60000');
  await typeInto(page, 'Annual household income', '75000');
  await page.getByLabel('Loan purpose').selectOption({ index: 2 });
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.pressSequentially('1100 Congress');
  await page.getByRole('option', { name: '1100 Congress Ave, Austin, TX 78701' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Austin');
  await page.getByLabel('Unit number').fill('Suite 2');
  await page.getByRole('radio', { name: 'Rent' }).check();
  await typeInto(page, 'Monthly housing payment', '1200');
  for (const [index, reference] of REFERENCES.entries()) {
    const n = index + 1;
    await page.getByLabel(`Reference ${n} first name`).fill(reference.firstName);
    await page.getByLabel(`Reference ${n} last name`).fill(reference.lastName);
    await page.getByLabel(`Reference ${n} relationship`).fill(reference.relationship);
    await page.getByLabel(`Reference ${n} phone`).pressSequentially(reference.phone.replace(/\D/g, ''));
  }
  const aboutContinue = page.getByRole('button', { name: 'Continue' });
  await expect(aboutContinue).toBeEnabled({ timeout: 20_000 });
  await expectAccessible(page);
  await aboutContinue.click();

  // ── Employer and income ──────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/application\/employer$/, { timeout: 20_000 });
  await page.getByRole('radio', { name: 'Employed', exact: true }).check();
  await page.getByLabel('Search for your employer').fill('Veterans');
  await page.getByRole('button', { name: EMPLOYERS.federal }).click();
  await page.getByLabel('How long have you been at your current job?').selectOption('3 - 5 years');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  const employerConfirm = page.locator('#employer-confirm');
  await expect(employerConfirm).toBeEnabled();
  await expectAccessible(page);
  await employerConfirm.click();

  // ── Phone verification ───────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/phone_verification$/, { timeout: 20_000 });
  const digits = uniquePhoneDigits();
  await page.getByLabel('Mobile phone number').pressSequentially(digits);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await phoneCode(request, `+1${digits}`));
  await page.getByRole('button', { name: 'Verify' }).click();

  // ── Loan terms ───────────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/loan_terms$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Loan Terms' })).toBeVisible();
  const termsContinue = page.getByRole('button', { name: 'Continue' });
  await expect(termsContinue).toBeDisabled();
  // Nothing is pre-selected: the borrower chooses an amount, then sees its terms.
  await page.getByLabel('Loan amount').selectOption('300000');
  await expect(page.getByText('Updating your terms…')).toBeHidden({ timeout: 15_000 });
  await page.getByRole('checkbox', { name: /I agree to these loan terms/ }).check();
  await expectAccessible(page);
  await termsContinue.click();

  // ── Bank link through the sandbox widget ─────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/bank_link$/, { timeout: 20_000 });
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await page.getByRole('button', { name: 'Link my bank account' }).click();
  const widget = page.getByRole('dialog', { name: 'Connect your bank' });
  await widget.getByRole('button', { name: 'Harbor Point Bank' }).click();
  await widget.getByLabel('Username').fill(BANK_LINK_SANDBOX.username);
  await widget.getByLabel('Password').fill(BANK_LINK_SANDBOX.password);
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/bank_accounts$/, { timeout: 20_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // ── Documents ────────────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/application\/documents$/, { timeout: 20_000 });
  for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) {
    const slot = page.locator(`[data-document-type="${type}"]`);
    if (type === 'proof_of_address') await stateProofOfAddress(page, '1100 Congress Ave', '78701');
    await slot.locator('input[type="file"]').setInputFiles(pdfFile(`${type}.pdf`));
    await expect(slot.getByRole('list').getByText(`${type}.pdf`)).toBeVisible({ timeout: 20_000 });
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // ── Application review ───────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/application\/application_review$/, { timeout: 20_000 });
  const reviewConfirm = page.locator('#application_review-confirm');
  await expect(page.getByText('Authorize the credit pull before confirming.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('checkbox', { name: /obtain my credit report/ }).check();
  await expect(reviewConfirm).toBeEnabled({ timeout: 20_000 });
  await expectAccessible(page);
  await reviewConfirm.click();

  // The embedded demo's automated review pre-approves a listed federal employer.
  await expect(page).toHaveURL(/\/select_repay_method$/, { timeout: 20_000 });
  await page.getByRole('radio', { name: 'Auto-Debit ACH' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auto_debit$/, { timeout: 20_000 });
  await page.getByRole('radio', { name: 'Use the account on file' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // ── E-signature ──────────────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/esignature$/, { timeout: 20_000 });
  const token = await sessionToken(page);
  const before = (await apiGet(request, token, '/esignature')) as EsignAnswer;
  await expect(page.getByText(`${before.loan_terms.apr}%`).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('signature-preview')).toHaveText('Jordan Rivera');
  const signConfirm = page.locator('#esignature-confirm');
  await expect(signConfirm).toBeEnabled({ timeout: 20_000 });
  await expectAccessible(page);
  await signConfirm.click();

  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByText('In Analysis').first()).toBeVisible();
  await expectAccessible(page);
  expect(await currentStatus(request, token)).toBe('application_submitted');

  // ── The signed note: the stored hash matches the bytes served, and the PDF carries the figures ───
  const after = (await apiGet(request, token, '/esignature')) as EsignAnswer;
  expect(after.signed?.sha256).toMatch(/^[0-9a-f]{64}$/);
  const note = after.agreements.find((a) => a.name === 'promissory_note_terms')!;
  const res = await request.get(`/api/borrower_agreement_documents/${note.id}`, { headers: { authorization: token } });
  expect(res.status()).toBe(200);
  const bytes = await res.body();
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(after.signed!.sha256);
  const pdf = await PDFDocument.load(bytes);
  const keywords = pdf.getKeywords() ?? '';
  expect(keywords).toContain(`apr=${before.loan_terms.apr}`);
  expect(keywords).toContain(`finance_charge_cents=${before.loan_terms.finance_charge_cents}`);
  expect(keywords).toContain(`total_of_payments_cents=${before.loan_terms.total_of_payments_cents}`);
  expect(keywords).toContain('signed=true');
});
