import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { BANK_LINK_SANDBOX, HARBOR_POINT, UNKNOWN_VALID_ROUTING, apiPost, borrowerAt, currentStatus, pdfFile, type Borrower } from '../support/classic';

/**
 * Classic flow, bank step (spec §2 "Bank link", "Manual bank entry", "Bank accounts"): linking through
 * the sandbox widget, leaving it for manual entry, and manual entry on the application path.
 */

// The walk over the API to the bank step and the axe checks take longer than the default minute.
test.describe.configure({ timeout: 180_000 });

const BANK_NOT_FOUND = 'Bank not found! Please review your bank account data and try again.';

async function signIn(page: Page, borrower: Borrower, path: RegExp) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(path, { timeout: 20_000 });
}

/** Fills the manual form: bad routing first ("Bank not found!"), then Harbor Point, the account and a statement. */
async function fillManualForm(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Information' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('To save, add: account type, a valid routing number, account number, at least one bank statement.');
  await page.getByRole('radio', { name: 'Checking' }).check();
  const routing = page.getByLabel('Routing number');
  await routing.fill(UNKNOWN_VALID_ROUTING);
  await expect(page.getByText(BANK_NOT_FOUND)).toBeVisible();
  await expect(routing).toHaveAttribute('aria-invalid', 'true');
  await routing.fill(HARBOR_POINT.routing);
  await expect(page.getByText(HARBOR_POINT.name, { exact: true })).toBeVisible();
  await expect(page.getByText(BANK_NOT_FOUND)).toHaveCount(0);
  await page.getByLabel('Account number').fill('123456789012');
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('To save, add: at least one bank statement.');
  await page.getByTestId('file-upload-input').setInputFiles(pdfFile('statement.pdf'));
  await expect(page.getByRole('list', { name: 'Bank statement: uploaded files' }).getByText('statement.pdf')).toBeVisible();
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await save.click();
}

async function confirmOnBankAccounts(page: Page, borrower: Borrower, expected: { type: string; last4: string; bank: string }) {
  await expect(page).toHaveURL(/\/bank_accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: expected.bank })).toBeVisible();
  await expect(page.getByText(expected.type, { exact: true })).toBeVisible();
  // Masked with asterisks on the wire, shown with X (spec).
  await expect(page.getByText(new RegExp(`^X+${expected.last4}$`))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit bank information' })).toHaveAttribute('href', '/bank_information');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/application\/documents$/);
  expect(await currentStatus(page.request, borrower.token)).toBe('documents');
}

test('bank link through the sandbox widget, then confirm the account', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'bank_link');
  await signIn(page, borrower, /\/bank_link$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link your bank account' })).toBeVisible();
  const link = page.getByRole('button', { name: 'Link my bank account' });
  await expect(link).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await link.click();

  const widget = page.getByRole('dialog', { name: 'Connect your bank' });
  await expect(widget).toBeVisible();
  await expectAccessible(page);
  // The institution that is always down answers the sandbox's error.
  await widget.getByRole('button', { name: 'Saltmarsh Bank (always down)' }).click();
  await widget.getByLabel('Username').fill(BANK_LINK_SANDBOX.username);
  await widget.getByLabel('Password').fill(BANK_LINK_SANDBOX.password);
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.getByRole('alert')).toContainText('could not be connected');
  await widget.getByRole('button', { name: 'Choose another bank' }).click();
  // Wrong credentials, then the good ones.
  await widget.getByRole('button', { name: 'Harbor Point Bank' }).click();
  await widget.getByLabel('Username').fill('user_bad');
  await widget.getByLabel('Password').fill('nope');
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.getByRole('alert')).toContainText('The username or password you entered is incorrect.');
  await expectAccessible(page);
  await widget.getByLabel('Username').fill(BANK_LINK_SANDBOX.username);
  await widget.getByLabel('Password').fill(BANK_LINK_SANDBOX.password);
  await widget.getByRole('button', { name: 'Submit' }).click();

  await confirmOnBankAccounts(page, borrower, { type: 'Checking', last4: '\\d{4}', bank: 'Harbor Point Bank' });
});

test('leaving the widget offers manual entry; the manual form verifies and goes to bank accounts', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'bank_link');
  await signIn(page, borrower, /\/bank_link$/);
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await page.getByRole('button', { name: 'Link my bank account' }).click();
  const widget = page.getByRole('dialog', { name: 'Connect your bank' });
  await expect(widget).toBeVisible();
  await widget.getByRole('button', { name: 'Exit', exact: true }).click();
  await expect(widget).toBeHidden();

  const manually = page.getByRole('button', { name: 'Provide my bank information manually' });
  await expect(manually).toBeVisible();
  await expectAccessible(page);
  await manually.click();
  await expect(page).toHaveURL(/\/bank_link$/);
  await expect.poll(() => currentStatus(request, borrower.token)).toBe('bank_manually_insert');

  await fillManualForm(page);
  await confirmOnBankAccounts(page, borrower, { type: 'Checking', last4: '9012', bank: HARBOR_POINT.name });
});

test('manual entry on the application path (bank_manual_input)', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'bank_link');
  await apiPost(request, borrower.token, '/workflow/change_status', { new_status: 'bank_manual_input' });
  await signIn(page, borrower, /\/application\/bank_input$/);
  await expectAccessible(page);
  await fillManualForm(page);
  await expect(page).toHaveURL(/\/bank_accounts$/);
  expect(await currentStatus(request, borrower.token)).toBe('choosing_receiver_account');

  // Edit from the bank accounts page: the number on file stays masked and is kept; Save verifies and comes back.
  await page.getByRole('link', { name: 'Edit bank information' }).click();
  await expect(page).toHaveURL(/\/bank_information$/);
  await expect(page.getByLabel('Account number')).toHaveValue(/^\*+9012$/);
  await expect(page.getByText(HARBOR_POINT.name, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Savings' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await confirmOnBankAccounts(page, borrower, { type: 'Savings', last4: '9012', bank: HARBOR_POINT.name });
});

test('a bank lookup that fails (not a 404) offers a retry and does not block Save', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'bank_link');
  await apiPost(request, borrower.token, '/workflow/change_status', { new_status: 'bank_manual_input' });
  // The lookup answers 500 once; update_field still checks the routing number on the server.
  let failures = 0;
  await page.route('**/bank_informations/bank_name/**', async (route) => {
    if (failures > 0) return route.fallback();
    failures += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) });
  });
  await signIn(page, borrower, /\/application\/bank_input$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Information' })).toBeVisible();
  await page.getByRole('radio', { name: 'Checking' }).check();
  await page.getByLabel('Routing number').fill(HARBOR_POINT.routing);
  await expect(page.getByText(/We could not look up your bank right now/)).toBeVisible();
  await expect(page.getByText(BANK_NOT_FOUND)).toHaveCount(0);
  await page.getByLabel('Account number').fill('123456789012');
  await page.getByTestId('file-upload-input').setInputFiles(pdfFile('statement.pdf'));
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(HARBOR_POINT.name, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('manual-bank.png'), fullPage: true });
  await save.click();
  await expect(page).toHaveURL(/\/bank_accounts$/);
  expect(await currentStatus(request, borrower.token)).toBe('choosing_receiver_account');
});
