import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { borrowerAt, currentStatus, pdfFile, reviewerMove, signInThroughUi } from '../support/classic';

/** Document review (spec §2): the reviewer asks for a social security document; the borrower uploads it and continues. */
test('document review: the requested social security document is uploaded, the credit pull authorized, and the review runs again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerAt(request, 'application_review');
  await reviewerMove(request, borrower.id, 'document_review');
  expect(await currentStatus(request, borrower.token)).toBe('document_review');

  await signInThroughUi(page, borrower, /\/application\/document_review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Review' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expectAccessible(page);

  const slot = page.locator('[data-document-type="social_security_document"]');
  await slot.locator('input[type="file"]').setInputFiles(pdfFile('ssn-card.pdf'));
  await expect(slot.getByRole('list').getByText('ssn-card.pdf')).toBeVisible();
  await expect(next).toBeEnabled();
  await expectAccessible(page);
  await next.click();

  // Sent here before confirming the application review, the borrower has not authorized the credit pull
  // the review runs: the page asks for it (GET /review refused it), then the review runs.
  await expect(page.getByText('Please authorize the credit pull (Credit Pull Authorization) before confirming your application.')).toBeVisible();
  await expect(next).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /obtain my credit report/ }).check();
  await expect(next).toBeEnabled();
  await next.click();

  // The automated review of the embedded demo pre-approves a listed federal employer.
  await expect(page).toHaveURL(/\/select_repay_method$/);
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
});
