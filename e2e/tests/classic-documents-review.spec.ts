import { DOCUMENT_FILE_WRONG_TYPE } from '@payrail/contract/documents';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/access';
import { expectAccessible } from '../support/axe';
import { apiPost, borrowerAt, currentStatus, pdfFile, stateProofOfAddress } from '../support/classic';
import type { Borrower } from '../support/classic';
import { staffSignIn } from '../support/servicing';

/**
 * Classic flow, step 3 onwards (spec §2 Documents, Application review, Allotment): the borrower uploads
 * the four documents through the screen, reviews and confirms the application, and later uploads the
 * allotment (or split direct deposit) confirmation.
 */

const DOCUMENTS = [
  ['driver_license', 'Driver license'],
  ['pay_stub', 'Pay stub'],
  ['proof_of_address', 'Proof of address'],
  ['selfie_photo', 'Selfie photo'],
] as const;

/**
 * Signs in on the sign-in screen. (support/classic.ts `signInThroughUi` clicks the first button named
 * "sign in", which is "Sign in with Google" on this screen; its submit button is "Continue".)
 */
async function signIn(page: Page, borrower: Borrower, expectPath: RegExp): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(borrower.email);
  await form.getByLabel('Password', { exact: true }).fill(borrower.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(expectPath);
}

// Each journey first walks a fresh borrower over the API (about a minute on a cold server).
test.describe.configure({ timeout: 180_000 });

const fileInput = (page: Page, type: string) => page.locator(`[data-document-type="${type}"] input[type="file"]`);
const storedFiles = (page: Page, label: string) => page.getByRole('list', { name: `${label}: uploaded files` }).getByRole('listitem');

test('documents: upload the four types, a refused file, a delete; review, edit, confirm', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'documents');
  await signIn(page, borrower, /\/application\/documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application progress' })).toContainText('Documents');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page);
  // Each uploader's button is named after its type and states the rules.
  for (const [, label] of DOCUMENTS) {
    await expect(page.getByRole('button', { name: `Choose files for ${label}`, exact: true })).toHaveAccessibleDescription(/JPG, JPEG, PNG, PDF · up to 2 MB/);
  }

  for (const [type, label] of DOCUMENTS) {
    if (type === 'proof_of_address') await stateProofOfAddress(page, '1 Rodney Square', '19801');
    await fileInput(page, type).setInputFiles(pdfFile(`${type}.pdf`));
    await expect(storedFiles(page, label)).toHaveCount(1);
  }
  await expect(continueButton).toBeEnabled();

  // A text file named like a picture: the server reads the content and refuses it with the spec's text.
  await fileInput(page, 'selfie_photo').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') });
  await expect(page.locator('[data-document-type="selfie_photo"]').getByText(DOCUMENT_FILE_WRONG_TYPE).first()).toBeVisible();
  await expect(storedFiles(page, 'Selfie photo')).toHaveCount(1);

  // Several files per type; deleting one asks first.
  await fileInput(page, 'pay_stub').setInputFiles(pdfFile('second stub.pdf'));
  await expect(storedFiles(page, 'Pay stub')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete second stub.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document' });
  await expect(dialog).toContainText('Are you sure you want to delete the document?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(storedFiles(page, 'Pay stub')).toHaveCount(1);
  // Focus continues from the pay stub's upload button, not the page body.
  await expect(page.getByRole('button', { name: 'Choose files for Pay stub', exact: true })).toBeFocused();

  await continueButton.click();
  await expect(page).toHaveURL(/\/application\/application_review$/);
  await expect(page.getByText('Your documents were saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Application Review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your loan terms' })).toBeVisible();
  await expect(page.getByText('xxx-xx-', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // Edit and save a field.
  await page.getByRole('button', { name: 'Edit Personal information' }).click();
  const form = page.getByRole('form', { name: 'Edit Personal information' });
  await expect(page.locator('#application_review-confirm')).toBeDisabled();
  await form.getByLabel('City').fill('Newark');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Personal information' })).toContainText('Newark');
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('1 file');
  // The documents section edits with the same upload widgets.
  await page.getByRole('button', { name: 'Edit Documents' }).click();
  await expect(storedFiles(page, 'Proof of address')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Done' }).click();

  const confirm = page.locator('#application_review-confirm');
  // The review runs the credit check: Confirm waits for the credit pull authorization.
  await expect(confirm).toBeDisabled();
  await expect(page.getByText('Authorize the credit pull before confirming.')).toBeVisible();
  await page.getByRole('checkbox', { name: /obtain my credit report/ }).check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  // The embedded demo's automated review approves a listed federal employer: repay method is next.
  await expect(page).toHaveURL(/\/select_repay_method$/);
  // The borrower is told they were pre-approved and what comes next (issue #17 item 5).
  await expect(page.getByText(/Good news: you are pre-approved!/).first()).toBeVisible();
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
});

test('allotment: quick guide, upload, continue; home shows it in analysis', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 0 });
  await signIn(page, borrower, /\/allotment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Allotment' })).toBeVisible();
  await expect(page.getByText('We e-mailed these instructions to you')).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open the quick guide' }).click();
  const guide = page.getByRole('dialog', { name: 'Quick guide: Allotment' });
  await expect(guide).toContainText('Step 1 of 4');
  await expectAccessible(page);
  await guide.getByRole('button', { name: 'Next' }).click();
  await expect(guide).toContainText('Step 2 of 4');
  await expect(guide.getByRole('link', { name: /myPay \(DFAS\)/ })).toHaveAttribute('href', 'https://mypay.dfas.mil');
  await expectAccessible(page);
  await guide.getByRole('button', { name: 'Next' }).click();
  await guide.getByRole('button', { name: 'Next' }).click();
  await expect(guide).toContainText('Step 4 of 4');
  await guide.getByRole('button', { name: 'Done' }).click();
  await expect(guide).toBeHidden();

  await fileInput(page, 'allotment').setInputFiles(pdfFile('allotment.pdf'));
  await expect(storedFiles(page, 'Allotment')).toHaveCount(1);
  await continueButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Allotment in analysis').first()).toBeVisible();
  await expectAccessible(page);
  expect(await currentStatus(request, borrower.token)).toBe('review_allotment');
  // The page itself now says it is in analysis.
  await page.goto('/allotment');
  await expect(page.getByRole('heading', { level: 1, name: 'Allotment in analysis' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectAccessible(page);

  // The underwriter checks the form and approves the allotment in the back office (not "Approve": the
  // borrower signs first); the borrower is sent on to the e-signature.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'underwriter@payrail.test');
  await staff.goto(`/backoffice/applications/${borrower.id}`);
  const review = staff.getByRole('region', { name: 'Allotment review' });
  await expect(review).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await review.getByRole('button', { name: 'Approve allotment' }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve the allotment?' });
  await expectAccessible(staff);
  await approve.getByRole('button', { name: 'Approve allotment' }).click();
  await expect(approve).toBeHidden();
  await expect(staff.getByText('Allotment approved: the borrower signs next. Now: Esignature needed.')).toBeVisible();
  await context.close();
  expect(await currentStatus(request, borrower.token)).toBe('esignature_needed');
});

test('allotment for a non-federal employer says split direct deposit', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'after_review', { employer: 'private' });
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 0 });
  await signIn(page, borrower, /\/allotment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Split Direct Deposit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your split direct deposit instructions' })).toBeVisible();
  await expect(page.getByText('Split Direct Deposit', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Open the quick guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Quick guide: Split Direct Deposit' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/allotment/i);
});
