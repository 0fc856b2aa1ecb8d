import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import {
  NF,
  approvingSsn,
  checkYourRate,
  enterSsn,
  finishApplication,
  jobInfo,
  linkBank,
  linkPayroll,
  personalInfo,
  pdfUpload,
  pngFile,
  screenshot,
} from '../support/newflow';

/** Journey (2): manual employment (pay stub), manual split deposit ($85.00 + screenshot) and manual bank entry. */
test('new flow: pay stub, manual split deposit and manual bank, to money_on_way', async ({ page, request }) => {
  test.setTimeout(240_000);
  await checkYourRate(page, request);
  await jobInfo(page, 'Pinecrest Regional', 'Pinecrest Regional Medical Center');
  await expect(page).toHaveURL(new RegExp(`${NF}/employment$`));
  await page.getByRole('button', { name: 'Upload a pay stub instead' }).click();

  await expect(page).toHaveURL(new RegExp(`${NF}/employment/manual$`));
  await expectAccessible(page);
  // The pay-stub help video: a local clip with captions on and its transcript.
  await page.getByRole('button', { name: 'Watch the pay-stub video' }).click();
  const video = page.getByRole('dialog', { name: 'How to get your pay stub' });
  await expect(video.locator('video track[kind="captions"][default]')).toHaveCount(1);
  await expect.poll(() => video.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(video.getByRole('list', { name: 'Transcript' }).getByRole('listitem')).toHaveCount(4);
  await expectAccessible(page);
  await video.getByRole('button', { name: 'Close', exact: true }).click();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'stub.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Your file type is not accepted. Please provide a .jpg, .png or .pdf file.')).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await input.setInputFiles(pdfUpload('stub.pdf'));
  await screenshot(page, 'manual-pay-stub');
  await continueButton.click();

  await personalInfo(page);
  await enterSsn(page, approvingSsn());
  await expect(page).toHaveURL(new RegExp(`${NF}/select_program$`), { timeout: 30_000 });
  await page.getByRole('radio', { name: /Split direct deposit/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // No payroll account is connected: the split step's data has an error and it submits itself → manual.
  await expect(page).toHaveURL(new RegExp(`${NF}/split_direct_deposit_manual$`), { timeout: 20_000 });
  await expect(page.getByText('$85.00')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'manual-split');
  await page.locator('input[type="file"]').setInputFiles(pngFile('split.png'));
  await page.getByRole('button', { name: 'Continue' }).click();

  // The bank widget is left: the manual link appears.
  await expect(page).toHaveURL(new RegExp(`${NF}/bank_account$`));
  await expect(page.getByRole('button', { name: 'Provide my bank information manually' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /I authorize Payrail/ }).check();
  await page.getByRole('button', { name: 'Link my bank account' }).click();
  await page.getByRole('dialog', { name: 'Connect your bank' }).getByRole('button', { name: 'Exit bank linking' }).click();
  await page.getByRole('button', { name: 'Provide my bank information manually' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/bank_account/manual$`));
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Checking' }).check();
  await page.getByLabel('Routing number').fill('034821624');
  await page.getByLabel('Account number').fill('123456789012');
  await page.locator('input[type="file"]').setInputFiles(pdfUpload('statement.pdf'));
  await screenshot(page, 'manual-bank');
  await page.getByRole('button', { name: 'Continue' }).click();

  await finishApplication(page, request, { shots: 'manual' });
});

/** Journey (3): the auto-debit program (ACH), with the payroll link and the bank widget. */
test('new flow: auto-debit program, to money_on_way', async ({ page, request }) => {
  test.setTimeout(240_000);
  await checkYourRate(page, request);
  await jobInfo(page, 'Pinecrest Regional', 'Pinecrest Regional Medical Center');
  await linkPayroll(page);
  await personalInfo(page);
  await enterSsn(page, approvingSsn());
  await expect(page).toHaveURL(new RegExp(`${NF}/select_program$`), { timeout: 30_000 });
  await page.getByRole('radio', { name: /Auto-debit/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await linkBank(page);
  await finishApplication(page, request, { offerList: /Auto-debit/, shots: 'autodebit' });
});
