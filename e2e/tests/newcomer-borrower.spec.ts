import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiPost, borrowerAt, currentStatus, HARBOR_POINT, reviewerAction, signInThroughUi, staffApiToken } from '../support/classic';
import type { Borrower } from '../support/classic';

/**
 * Issue #17 "What a newcomer hits today", items 6–8 on the borrower side: banners as real, targeted
 * calls to action; notifications readable in full; focus, the 404 page, bad sign-in links, the captcha
 * badge and the e-mail "chat".
 */

const expect = baseExpect.configure({ timeout: 15_000 });

/** A borrower who repays by auto-debit, signed, approved and funded: their home is the dashboard. */
async function fundedOnAutoDebit(request: APIRequestContext): Promise<Borrower> {
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 1 });
  await apiPost(request, borrower.token, '/auto_debit', { account_type: 'checking', account_number: '987654321', routing_number: HARBOR_POINT.routing });
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: `${borrower.firstName} ${borrower.lastName}` });
  await reviewerAction(request, await staffApiToken(request, 'underwriter@payrail.test'), borrower.id, 'approve');
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const funded = await request.post(`/api/backoffice/applications/${borrower.id}/fund`, { headers: { authorization: servicer, 'idempotency-key': `newcomer-${borrower.id}-fund` } });
  expect(funded.status(), await funded.text()).toBe(200);
  return borrower;
}

const noOverlap = async (a: Locator, b: Locator): Promise<boolean> => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return true;
  return x.x + x.width <= y.x || y.x + y.width <= x.x || x.y + x.height <= y.y || y.y + y.height <= x.y;
};

test('items 6 and 7: banners are targeted HTML calls to action; a cut notification opens in full', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const borrower = await fundedOnAutoDebit(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, borrower, /\/dashboard$/);

  // Banners: text and a real button, never a picture of one; no refinancing right after funding.
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await expect(offers.getByText('Refer a friend to Payrail')).toBeVisible();
  await expect(offers.locator('img')).toHaveCount(0);
  await expect(offers).toContainText('$50 when their loan is approved');
  await expect(offers).not.toContainText('$25');
  for (let i = 0; i < 3; i += 1) {
    await expect(offers).not.toContainText(/refinanc/i);
    const next = offers.getByRole('button', { name: 'Next offer' });
    if ((await next.count()) === 0) break;
    await next.click();
  }
  await expect(offers.getByText('Refer a friend to Payrail')).toBeVisible();
  await offers.getByRole('button', { name: /^Copy my referral code/ }).click();
  await expect(page.getByText('Code copied!')).toBeVisible();
  await expectAccessible(page);

  // Notifications: the list keeps the 45-character cut (spec §9); the full message opens under it.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(/^Your loan \S+ is funded: .{1,12}…$/)).toBeVisible();
  await panel.getByRole('button', { name: 'Read the full message' }).first().click();
  await expect(panel.locator('p').filter({ hasText: /^Your loan \S+ is funded: the money is on its way to your bank account\.$/ })).toBeVisible();
  await expectAccessible(page);

  // On a phone the banners are the mobile set: no AutoPay offer to a borrower already on auto-debit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: /menu/i }).first().click();
  const mobileOffers = page.getByRole('region', { name: 'Offers for you' });
  await expect(mobileOffers).toBeVisible();
  await expect(mobileOffers).not.toContainText(/AutoPay/);
  await expectAccessible(page);
});

test('item 8: signed in, the 404 page leads to the dashboard, a bad /c/ link signs nobody out, the "chat" says it is e-mail', async ({ page, request }) => {
  test.setTimeout(120_000);
  const borrower = await fundedOnAutoDebit(request);
  await signInThroughUi(page, borrower, /\/dashboard$/);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/c/not-a-real-code');
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await page.evaluate(() => localStorage.getItem('payrail.session') ?? sessionStorage.getItem('payrail.session'));
  expect(session).toContain('"token"');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'E-mail us a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail customer service' });
  await expect(dialog).toContainText('This is not a live chat');
  await expectAccessible(page);
});

test('item 8: focus lands on First name when the education modal closes', async ({ page, request }) => {
  const borrower = await borrowerAt(request, 'about_yourself');
  await signInThroughUi(page, borrower, /\/application\/about_yourself$/);
  const dialog = page.getByRole('dialog', { name: 'Financial education program' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
  await expectAccessible(page);
});

for (const [name, size] of [
  ['desktop', { width: 1280, height: 720 }],
  ['mobile', { width: 390, height: 700 }],
] as const) {
  test(`item 8: the captcha badge does not cover the footer (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      const badge = page.locator('[data-captcha-badge]');
      await expect(badge).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const footer = page.locator('footer').last();
      await expect(footer).toBeVisible();
      expect(await noOverlap(badge, footer), `${path}: badge over the footer`).toBe(true);
      for (const link of await footer.getByRole('link').all()) expect(await noOverlap(badge, link), `${path}: badge over a footer link`).toBe(true);
    }
    await expectAccessible(page);
  });
}

export type { Page };
