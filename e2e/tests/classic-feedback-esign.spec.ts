import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import type { Page } from '@playwright/test';
import { apiGet, apiPost, borrowerAt, currentStatus, pdfFile, reviewerAction, staffApiToken } from '../support/classic';
import type { Borrower } from '../support/classic';

/**
 * Reviewer feedback (/feedback) and e-signature (/esignature), classic flow.
 * A borrower reaches esignature_needed with `borrowerAt('after_review')` (the automated review
 * pre-approves a listed employer → select_repay_method) and the online repay method (2). Feedback
 * needs a status a reviewer may send it from: the same borrower signs over the API
 * (→ application_submitted) and the underwriter sends feedback from there.
 */

interface EsignAnswer {
  workflow_status: string;
  loan_terms: { apr: string; finance_charge_cents: number; amount_financed_cents: number; total_of_payments_cents: number };
  signed: { signed_at: string; sha256: string } | null;
}

/**
 * Signs in through the sign-in screen. (The shared `signInThroughUi` clicks the first button named
 * "sign in", which is now "Sign in with Google"; the form's submit button reads "Continue".)
 */
async function signIn(page: Page, borrower: Pick<Borrower, 'email' | 'password'>, expectPath: RegExp): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(expectPath);
}

const money = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

// Each journey first walks a fresh borrower over the API through the whole application.
test.describe.configure({ timeout: 180_000 });

async function borrowerAtEsignature(request: Parameters<typeof borrowerAt>[0]): Promise<Borrower> {
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 2 });
  expect(await currentStatus(request, borrower.token)).toBe('esignature_needed');
  return borrower;
}

test('e-signature: the borrower reviews the terms, opens the note and signs; the home panel says In Analysis', async ({ page, request }) => {
  const borrower = await borrowerAtEsignature(request);
  const before = (await apiGet(request, borrower.token, '/esignature')) as EsignAnswer;
  expect(before.signed).toBeNull();

  await signIn(page, borrower, /\/esignature$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-signature' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payment schedule' })).toBeVisible({ timeout: 20_000 });
  // APR with two decimals and % (spec §9).
  const tila = page.getByRole('definition').filter({ hasText: `${Number(before.loan_terms.apr).toFixed(2)}%` });
  await expect(tila.first()).toBeVisible();
  await expect(page.getByText(money(before.loan_terms.finance_charge_cents)).first()).toBeVisible();
  await expect(page.getByText(money(before.loan_terms.total_of_payments_cents)).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payment schedule' })).toBeVisible();
  await expect(page.getByTestId('signature-preview')).toHaveText(`${borrower.firstName} ${borrower.lastName}`);
  await expect(page.getByTestId('signature-preview')).toHaveCSS('font-size', '38px');

  // The note is loaded with the session token and opens as a PDF blob.
  const noteLink = page.getByRole('link', { name: /open the promissory note/i });
  await expect(noteLink).toHaveAttribute('href', /^blob:/);
  const popupPromise = page.waitForEvent('popup');
  await noteLink.click();
  const popup = await popupPromise;
  expect(popup.url()).toMatch(/^blob:/);
  await popup.close();

  const confirm = page.locator('#esignature-confirm');
  await expect(confirm).toBeEnabled();
  const agree = page.getByRole('checkbox', { name: /I have read and agree/ });
  await expect(agree).toBeChecked();
  await agree.uncheck();
  await expect(confirm).toBeDisabled();
  await agree.check();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('esign.png'), fullPage: true });

  // The signature is the full name shown: nothing to type (spec §2, §5).
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('In Analysis').first()).toBeVisible();
  await expectAccessible(page);

  const after = (await apiGet(request, borrower.token, '/esignature')) as EsignAnswer;
  expect(after.workflow_status).toBe('application_submitted');
  expect(after.signed?.sha256).toMatch(/^[0-9a-f]{64}$/);
});

test('reviewer feedback: the borrower fixes the flagged address and date of birth, uploads a pay stub and saves', async ({ page, request }) => {
  // Feedback is sent from application_submitted: reach e-signature, sign over the API, then the underwriter asks.
  const borrower = await borrowerAtEsignature(request);
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: `${borrower.firstName} ${borrower.lastName}` });
  expect(await currentStatus(request, borrower.token)).toBe('application_submitted');
  const staff = await staffApiToken(request, 'underwriter@payrail.test');
  const message = 'Your proof of address does not match. Please correct your address and date of birth, and send a recent pay stub.';
  await reviewerAction(request, staff, borrower.id, 'feedback', {
    message,
    fields: { loan_borrower: ['address', 'date_of_birth'] },
    documents: ['pay_stub'],
    bank_information: false,
    allotment: false,
  });
  expect(await currentStatus(request, borrower.token)).toBe('feedback_sent');

  await signIn(page, borrower, /\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewer feedback' })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible({ timeout: 20_000 });
  const address = page.getByLabel('Address', { exact: true });
  await expect(address).toHaveValue('1 Rodney Square');
  const save = page.getByRole('button', { name: 'Save' });
  // The pay stub is still missing.
  await expect(save).toBeDisabled();

  // Why Save is disabled is said next to it (WCAG 3.3.1).
  await expect(save).toHaveAccessibleDescription(/Pay stub: upload a new file/);

  // A home state we do not lend in: the message and the lead capture (spec §5); Cancel and pick the state back.
  const states = (await apiGet(request, borrower.token, '/states')) as { id: number; name: string; is_available: boolean }[];
  const closed = states.find((s) => !s.is_available);
  if (closed) {
    const stateSelect = page.getByLabel('State', { exact: true });
    const before = await stateSelect.inputValue();
    await stateSelect.selectOption(String(closed.id));
    const dialog = page.getByRole('dialog', { name: 'We are not working with this State yet!' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('feedback-lead.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('We are not working with this State yet!').first()).toBeVisible();
    await stateSelect.selectOption(before);
    await expect(stateSelect).not.toHaveAttribute('aria-invalid', 'true');
  }

  await address.fill('1201 N Market St');
  await page.getByLabel('Unit number').fill('Suite 300');
  const dob = page.getByLabel(/Date of birth/);
  await dob.fill('13/01/1990');
  await dob.blur();
  // On the field and as a warning notification (spec §5).
  await expect(page.getByText('Month must be valid.').first()).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await dob.fill('05/20/1985');
  await dob.blur();
  await expect(dob).not.toHaveAttribute('aria-invalid', 'true');

  await page.locator('[data-document-type="pay_stub"] input[type="file"]').setInputFiles(pdfFile('pay-stub-june.pdf'));
  await expect(page.getByRole('list', { name: 'Pay stub: uploaded files' }).getByText('pay-stub-june.pdf')).toBeVisible();
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('feedback.png'), fullPage: true });

  await save.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('updated').first()).toBeVisible();
  await expect(page.getByText('Under Review').first()).toBeVisible();
  await expectAccessible(page);

  expect(await currentStatus(request, borrower.token)).toBe('ready_for_review');
  const shown = async (field: string) => ((await apiGet(request, borrower.token, `/about_yourself/show_field/${field}`)) as { value: unknown }).value;
  expect(await shown('address')).toBe('1201 N Market St');
  expect(await shown('unit_number')).toBe('Suite 300');
  expect(await shown('date_of_birth')).toBe('05/20/1985');
});
