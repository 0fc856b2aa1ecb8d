import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiGet } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays, staffSignIn } from '../support/servicing';

/**
 * Issue #32, collections (docs/collections.md): a payroll loan that receives nothing is past due once the
 * business clock passes its first due date (the daily run records its days past due and bucket); a
 * servicer opens Collections, finds it in the 1–29 bucket, logs a call (or reads the server's refusal
 * when it is an inconvenient hour where the borrower lives), records a promise to pay; axe on the page.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

/** True when `at` is between 8:00 and 21:00 in every one of `zones` (Regulation F's convenient hours). */
const convenientIn = (zones: string[], at: Date) =>
  zones.every((zone) => {
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(at)) % 24;
    return hour >= 8 && hour < 21;
  });

test('a servicer works a delinquent loan from the Collections queue', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request, 'payroll');
  const next = (await apiGet(request, borrower.token, `/transactions/loan/next_term_date/${borrower.loanId}`)) as { next_term_date: string };
  const today = await advanceClockTo(request, plusDays(next.next_term_date, 3));
  const name = `${borrower.firstName} ${borrower.lastName}`;

  await staffSignIn(page, 'servicer@payrail.test');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  const buckets = page.getByRole('group', { name: 'Delinquency bucket' });
  const table = page.getByRole('table', { name: 'Loans past due' });
  const row = table.getByRole('row').filter({ hasText: borrower.identifier });
  // The clock's move runs the daily run for the days it passes, which records the loan's days past due: the
  // loan joins the queue when that run has done its day, so the queue is read again until it shows.
  await expect(async () => {
    await page.reload();
    await buckets.getByRole('button', { name: /^1–29 days \(\d+\)$/ }).click();
    await expect(buckets.getByRole('button', { name: /^1–29 days/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(table).toBeVisible();
    // Most days past due first, 25 a page: page on until the loan shows (other journeys' loans may be later).
    for (let i = 0; i < 20 && (await row.count()) === 0 && (await page.getByRole('button', { name: 'Next page' }).count()) > 0; i++)
      await page.getByRole('button', { name: 'Next page' }).click();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).toContainText(name);
  await expect(row).toContainText(String(Math.round((Date.parse(today) - Date.parse(next.next_term_date)) / 86_400_000)));
  await expect(row.getByRole('link', { name: borrower.identifier })).toHaveAttribute('href', `/backoffice/loans/${borrower.loanId}`);
  await expectAccessible(page);

  await row.getByRole('button', { name }).click();
  const panel = page.getByRole('region', { name: `${name} · loan ${borrower.identifier}` });
  await expect(panel).toBeVisible();
  const zones = (
    await panel
      .getByText(/^America\/|^Pacific\//)
      .first()
      .innerText()
  ).split(', ');

  const contact = panel.getByRole('form', { name: 'Log a contact attempt' });
  await contact.getByRole('combobox', { name: 'Channel' }).selectOption('call');
  await contact.getByRole('combobox', { name: 'Outcome' }).selectOption('left_message');
  await contact.getByRole('textbox', { name: /Note/ }).fill('Left a voicemail asking for a call back.');
  const convenient = convenientIn(zones, new Date());
  await contact.getByRole('button', { name: 'Log the attempt' }).click();
  if (convenient) {
    await expect(contact.getByText('Contact attempt logged.')).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Contact history' })).toContainText('Left a voicemail asking for a call back.');
  } else {
    // The server's own words: an inconvenient hour for the borrower (the journey ran at night there).
    await expect(contact.getByText(/^Contact refused: it is \d{2}:\d{2} for the borrower/)).toBeVisible();
  }

  const promise = panel.getByRole('form', { name: 'Record a promise to pay' });
  await promise.getByLabel('Promised date').fill(plusDays(today, 5));
  await promise.getByLabel('Amount ($)').fill('25.00');
  await promise.getByRole('button', { name: 'Record the promise' }).click();
  const promises = panel.getByRole('table', { name: 'Promises to pay' });
  await expect(promises).toContainText('$25.00');
  await expect(promises).toContainText('Open');
  await expectAccessible(page);
});
