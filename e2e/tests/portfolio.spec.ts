import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { advanceClockTo, businessDate, fundedBorrower, plusDays, staffSignIn } from '../support/servicing';

/**
 * Issue #32 "Portfolio": a loan is funded, the business clock moves over two month ends (the daily run
 * records the month-end facts), and an admin opens Portfolio: every figure has its chart, caption, data
 * table and CSV; the CSV downloads; axe finds nothing. A servicer has no Portfolio link.
 */

const expect = baseExpect.configure({ timeout: 20_000 });

const FIGURES = ['Originations', 'Approval and funding rates', 'Active balance', 'Delinquency buckets', 'Roll rates', 'Charge-offs', 'Static-pool loss curves'];

test('an admin reads the portfolio: charts with their tables, a CSV download, accessible', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request, 'online');
  // Past the end of the loan's month and the next one: two month ends for the figures.
  const today = await businessDate(request);
  await advanceClockTo(request, plusDays(today, 62));

  await staffSignIn(page, 'admin@payrail.test');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Month-end figures through' })).toBeVisible();
  for (const title of FIGURES) {
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(section.getByRole('button', { name: `Download ${title} as CSV` })).toBeVisible();
  }
  // The charts are drawn (uPlot canvases) and each has its data as a table.
  const originations = page.getByRole('region', { name: 'Originations' });
  await expect(originations.locator('canvas').first()).toBeVisible();
  await originations.getByText('Chart data as a table').click();
  const month = borrower.effectiveDate.slice(0, 7);
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(originations.getByRole('table', { name: 'Originations' }).getByRole('row').filter({ hasText: label })).toHaveCount(1);
  const balances = page.getByRole('region', { name: 'Active balance' });
  await expect(balances.locator('canvas').first()).toBeVisible();
  await balances.getByText('Chart data as a table').click();
  await expect(balances.getByRole('table', { name: 'Active balance' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('table', { name: /^Roll-rate matrix/ })).toBeVisible();
  await expectAccessible(page);

  // The CSV of a figure downloads, one header and a row per month.
  const [download] = await Promise.all([page.waitForEvent('download'), originations.getByRole('button', { name: 'Download Originations as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^portfolio-originations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('month,loans,amount_usd');
  expect(lines.some((l) => l.startsWith(`${month},`))).toBe(true);

  // A servicer has no Portfolio page.
  const token = await request.post('/api/backoffice/login', { data: { email: 'servicer@payrail.test', password: 'Payrail-demo-1' } });
  const res = await request.get('/api/backoffice/portfolio', { headers: { authorization: token.headers()['authorization']! } });
  expect(res.status()).toBe(403);
});
