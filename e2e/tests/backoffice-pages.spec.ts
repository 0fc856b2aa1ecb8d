import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { staffApiToken } from '../support/classic';
import { DEMO_PASSWORD } from '../support/staff';

/** Every staff page, as an admin sees it, checked with axe (issue "Back office": 0 violations on every staff page). */

async function openFromNav(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page);
}

test('queue, application, funding, loan, loans, audit log and system event pages have no axe violations', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A loan to look at: the demo applicant who is approved and signed, funded by the servicer.
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const ready = (await (await request.get('/api/backoffice/applications?ready_to_fund=true', { headers: { authorization: servicer } })).json()) as {
    items: { user_id: number }[];
  };
  expect(ready.items.length).toBeGreaterThan(0);
  const userId = ready.items[0]!.user_id;
  const funded = await request.post(`/api/backoffice/applications/${userId}/fund`, {
    headers: { authorization: servicer, 'idempotency-key': `backoffice-pages-${userId}` },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  const { loan } = (await funded.json()) as { loan: { id: number; identifier: string } };

  await page.goto('/backoffice/signin');
  await page.getByLabel('E-mail').fill('admin@payrail.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await expectAccessible(page);

  await page.goto(`/backoffice/applications/${userId}`);
  await expect(page.getByText(`Applicant #${userId}`)).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/backoffice/loans/${loan.id}`);
  // Headed by its borrower (issue #33), with the loan number under the name.
  await expect(page.getByText(`Loan number ${loan.identifier}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(`Loan #${loan.id}`);
  await expectAccessible(page);

  await openFromNav(page, 'Loans', 'Loans');

  await openFromNav(page, 'Funding', /fund/i);
  await openFromNav(page, 'Audit log', 'Audit log');
  await openFromNav(page, 'System event', 'System event');
});
