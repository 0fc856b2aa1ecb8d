import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { signInThroughUi, staffApiToken } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays } from '../support/servicing';

/**
 * Statements (docs/statements.md): a borrower whose loan was serviced across a month end finds the
 * month's statement under Documents on Loans & Payments and downloads it. The data comes through the API:
 * a funded loan, the business clock moved past the month end (the daily run runs through it), then the
 * statements run a servicer can start (POST /api/backoffice/statements/run).
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

test('a borrower downloads their monthly statement from Documents', async ({ page, request }) => {
  test.setTimeout(120_000);
  const borrower = await fundedBorrower(request);
  const [year, month] = borrower.effectiveDate.split('-').map(Number) as [number, number];
  // The 2nd of the next month: the month of funding has ended and the daily run has completed past it.
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  await advanceClockTo(request, plusDays(firstOfNext, 1));
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const run = await request.post('/api/backoffice/statements/run', { headers: { authorization: servicer } });
  expect(run.status(), await run.text()).toBe(200);
  const name = `Statement — ${MONTHS[month - 1]} ${year}.pdf`;

  await signInThroughUi(page, borrower, /\/dashboard$/);
  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText(name)).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: `Download ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page);
});
