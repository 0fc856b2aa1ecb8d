import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { pdfFile, signInThroughUi } from '../support/classic';
import { fundedBorrower, staffSignIn } from '../support/servicing';

/**
 * Hardship request (issue #13, docs/hardship.md): the borrower asks for help with a document, the servicer
 * asks for more information, the borrower answers, the servicer approves a deferral, and the borrower sees
 * the new dates.
 */

async function openHardship(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Having trouble paying? Request hardship help' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hardship help' })).toBeVisible();
}

test('hardship: submit with a document, staff ask, borrower answers, staff approve, new dates shown', async ({ page }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(page.request);
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible();
  await openHardship(page);
  const hardshipUrl = page.url();

  // The form checks itself first and says what to fix.
  await page.getByRole('button', { name: 'Submit my request' }).click();
  await expect(page.getByText('Please correct 3 fields.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hardship-step-1.png'), fullPage: true });
  await expectAccessible(page);
  await page.getByLabel('Reason').selectOption('job_loss');
  await page.getByLabel(/What happened/).fill('My hours were cut in half in January; full time again from April.');
  await page.getByRole('radio', { name: /Defer 1 payment/ }).check();
  await page.getByTestId('file-upload-input').setInputFiles(pdfFile('schedule-letter.pdf'));
  await expect(page.getByRole('button', { name: 'Delete schedule-letter.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit my request' }).click();
  const card = page.getByRole('region', { name: /^Hardship request of / });
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText(/You submitted the request \(schedule-letter\.pdf\)/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hardship-step-2.png'), fullPage: true });
  await expectAccessible(page);

  // The servicer finds it in the hardship queue, downloads the document and asks for more information.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.getByRole('link', { name: 'Hardship' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Hardship requests' })).toBeVisible();
  const queue = staff.getByRole('table', { name: 'Hardship requests' });
  await queue.getByRole('row').filter({ hasText: borrower.identifier }).getByRole('link').click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Hardship request #\d+$/ })).toBeVisible();
  await expect(staff.getByText('My hours were cut in half in January; full time again from April.')).toBeVisible();
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download schedule-letter.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('schedule-letter.pdf');
  await staff.screenshot({ path: test.info().outputPath('hardship-step-3.png'), fullPage: true });
  await expectAccessible(staff);
  await staff.getByRole('radio', { name: 'Ask for more information' }).check();
  await staff.getByLabel('Your question to the borrower').fill('Please send the letter from your employer about your hours.');
  await staff.getByRole('button', { name: 'Send the question' }).click();
  await expect(staff.getByText(/More information needed · submitted/)).toBeVisible();

  // The borrower sees the question (also in the requests inbox) and answers.
  await page.getByRole('link', { name: 'Requests' }).first().click();
  const ask = page.getByRole('list', { name: 'Open requests' }).getByRole('listitem').filter({ hasText: 'Answer our question about your hardship request' });
  await expect(ask).toContainText('Please send the letter from your employer about your hours.');
  await ask.getByRole('link', { name: 'Answer the question' }).click();
  await expect(page).toHaveURL(hardshipUrl);
  await expect(card.getByText('More information needed', { exact: true })).toBeVisible();
  await card.getByLabel('Your answer', { exact: true }).fill('Here is the letter from my manager.');
  await card.getByRole('button', { name: 'Send my answer' }).click();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();

  // The servicer approves a one-payment deferral.
  await staff.reload();
  await expect(staff.getByText('Here is the letter from my manager.')).toBeVisible();
  await staff.getByRole('radio', { name: 'Approve a deferral' }).check();
  await staff.getByRole('radio', { name: /^Defer 1/ }).check();
  await expect(staff.getByRole('table', { name: 'Schedule after the deferral' })).toBeVisible();
  await staff.screenshot({ path: test.info().outputPath('hardship-step-4.png'), fullPage: true });
  await expectAccessible(staff);
  await staff.getByRole('button', { name: 'Approve and move the schedule' }).click();
  await expect(staff.getByText(/Approved · submitted/)).toBeVisible();
  await context.close();

  // The borrower sees the new schedule and the re-disclosed APR.
  await page.reload();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  const table = card.getByRole('table', { name: 'Your new payment schedule' });
  await expect(table).toBeVisible();
  await expect(table.locator('strong').first()).toBeVisible();
  await expect(card.getByText(/1 payment is deferred\..*APR for the new dates/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hardship-step-5.png'), fullPage: true });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('hardship-approved.png'), fullPage: true });
});
