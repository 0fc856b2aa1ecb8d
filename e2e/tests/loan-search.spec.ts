import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { staffApiToken } from '../support/classic';
import { fundedBorrower, staffSignIn } from '../support/servicing';

/**
 * Issue #33 "Servicers cannot find a loan": a servicer types the loan number into "Find a loan" on the
 * Funding page, the Loans page lists it (borrower, status, balance, next due, days past due, repay
 * method) and opens it; the loan page is headed by the borrower with a link to the member page, lists
 * the schedule once, and an underwriter reads it too. axe runs on every page shown.
 */

const expect = baseExpect.configure({ timeout: 20_000 });

test('a servicer finds a loan by its number and opens it; the page is headed by its borrower; an underwriter reads it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request, 'payroll');
  const name = `${borrower.firstName} ${borrower.lastName}`;

  // The loan number, with its dashes, into "Find a loan" on the Funding page.
  await staffSignIn(page, 'servicer@payrail.test');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Funding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funding' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Loan number or borrower/ }).fill(borrower.identifier);
  await page.getByRole('button', { name: 'Find loan' }).click();

  await expect(page).toHaveURL(/\/backoffice\/loans\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'loan found' })).toHaveText(/^1 loan found\./);
  const table = page.getByRole('table', { name: 'Loans' });
  const row = table.getByRole('row').filter({ hasText: borrower.identifier });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Split direct deposit (payroll)');
  await expectAccessible(page);

  // The same loan by its number without dashes, from the Loans page's own search box (Enter submits).
  const search = page.getByRole('search', { name: 'Find a loan' });
  await search.getByRole('searchbox', { name: /Search loans/ }).fill(borrower.identifier.replaceAll('-', ''));
  await search.getByRole('searchbox', { name: /Search loans/ }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${borrower.identifier.replaceAll('-', '')}`));
  await expect(table.getByRole('row').filter({ hasText: borrower.identifier })).toHaveCount(1);
  // And by the borrower's e-mail, filtered by status.
  await search.getByRole('searchbox', { name: /Search loans/ }).fill(borrower.email);
  await search.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=opened/);
  await expect(page.getByRole('status').filter({ hasText: 'loan found' })).toHaveText(/^1 loan found\./);
  await expectAccessible(page);

  // The row opens the loan: headed by the borrower, with the loan number and a link to the member page.
  await table.getByRole('link', { name: `Loan ${borrower.identifier} of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/loans/${borrower.loanId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Loan number ${borrower.identifier}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Member page of ${name}` })).toHaveAttribute('href', `/backoffice/applications/${borrower.id}`);
  await expect(page.getByRole('table', { name: `Servicing schedule of loan ${borrower.identifier}` })).toBeVisible();
  // The schedule and the disbursements once each (the servicing section's), not twice.
  await expect(page.getByRole('table', { name: `Payment schedule of loan ${borrower.identifier}` })).toHaveCount(0);
  await expect(page.getByRole('table', { name: `Disbursements of loan ${borrower.identifier}` })).toHaveCount(1);
  await expectAccessible(page);

  // An underwriter reads the loan page too (docs/back-office.md), with no servicing action on it.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const underwriter = await context.newPage();
  await staffSignIn(underwriter, 'underwriter@payrail.test');
  await underwriter.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Loans' }).click();
  await expect(underwriter.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await underwriter.getByRole('searchbox', { name: /Search loans/ }).fill(name);
  await underwriter.getByRole('button', { name: 'Search' }).click();
  await underwriter.getByRole('link', { name: `Loan ${borrower.identifier} of ${name}` }).click();
  await expect(underwriter.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(underwriter.getByRole('table', { name: `Ledger of loan ${borrower.identifier}` })).toBeVisible();
  await expect(underwriter.getByText('This page is not available to your role.')).toHaveCount(0);
  await expect(underwriter.getByRole('form', { name: 'Issue a payoff letter' })).toHaveCount(0);
  await expectAccessible(underwriter);
  await context.close();

  // The API answers the same row.
  const token = await staffApiToken(request, 'underwriter@payrail.test');
  const listed = (await (
    await request.get(`/api/backoffice/loans?q=${encodeURIComponent(borrower.identifier)}`, { headers: { authorization: token } })
  ).json()) as { items: { id: number; borrower: { name: string } }[] };
  expect(listed.items.map((i) => [i.id, i.borrower.name])).toEqual([[borrower.loanId, name]]);
});
