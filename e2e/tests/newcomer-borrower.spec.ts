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
  const funded = await request.post(`/api/backoffice/applications/${borrower.id}/fund`, {
    headers: { authorization: servicer, 'idempotency-key': `newcomer-${borrower.id}-fund` },
  });
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

/** The stepper's current step ("About Yourself", …) and the page named under it. */
async function currentStep(page: Page): Promise<string> {
  const stepper = page.getByRole('navigation', { name: 'Application progress' });
  await expect(stepper).toBeVisible();
  return (await stepper.locator('[aria-current="step"]').innerText()).replace(/\s+/g, ' ').trim();
}

test('item 5: the funnel — stepper on every step naming the page, nothing pre-selected, one total, pre-approval said, the panel centred', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Loan terms: the stepper names the page; no amount is pre-selected; the total has the disclosure's name.
  const atTerms = await borrowerAt(request, 'loan_terms');
  await signInThroughUi(page, atTerms, /\/loan_terms$/);
  expect(await currentStep(page)).toBe('1 About Yourself Loan Terms');
  const amount = page.getByLabel('Loan amount');
  await expect(amount).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectAccessible(page);
  await amount.selectOption('300000');
  await expect(page.getByText('Updating your terms…')).toBeHidden();
  await expect(page.getByText('Total of payments', { exact: true })).toBeVisible();
  await expect(page.getByText('Total loan amount')).toHaveCount(0);
  const total = await page.getByText('Total of payments', { exact: true }).locator('xpath=following-sibling::dd[1]').innerText();
  await page.getByRole('checkbox', { name: /I agree to these loan terms/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank_link$/);
  // Bank link shows the stepper too (it disappeared before).
  expect(await currentStep(page)).toBe('2 Bank Information Link Account');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Review: the same total under the same name; an empty unit number shows nothing red.
  const atReview = await borrowerAt(request, 'application_review', { answers: { unit_number: '' } });
  await signInThroughUi(page, atReview, /\/application\/application_review$/);
  expect(await currentStep(page)).toBe('3 Documents Application Review');
  await expect(page.getByText('Total loan amount')).toHaveCount(0);
  await expect(page.getByText('Total of payments', { exact: true })).toBeVisible();
  const unit = page.getByText('Unit number', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(unit).not.toContainText('—');
  await expect(unit).not.toContainText('Missing');
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /obtain my credit report/ }).check();
  await page.locator('#application_review-confirm').click();
  // Pre-approved by the automated review: said so, with what comes next, on the repay-method page.
  await expect(page).toHaveURL(/\/select_repay_method$/);
  await expect(page.getByText(/Good news: you are pre-approved!/).first()).toBeVisible();
  await expect(page.getByText(/You are pre-approved\. Choose how you will repay/)).toBeVisible();
  expect(await currentStep(page)).toBe('4 Get Approved Repayment method');
  // The same actions as the other steps: a full-width Continue.
  const continueBox = await page.getByRole('button', { name: 'Continue' }).boundingBox();
  const cardBox = await page.getByRole('region', { name: 'How would you like to repay?' }).boundingBox();
  expect(continueBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
  await expectAccessible(page);
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);

  // Online payments, signed: the In Analysis panel sits in the middle of the page.
  await page.getByRole('radio', { name: /Skip – pay online/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/esignature$/);
  expect(await currentStep(page)).toBe('4 Get Approved E-signature');
  await apiPost(request, atReview.token, '/esignature/sign', { signature_name: `${atReview.firstName} ${atReview.lastName}` });
  await page.goto('/');
  await expect(page.getByText('In Analysis').first()).toBeVisible();
  const panel = await page.getByRole('region', { name: 'Your application' }).boundingBox();
  const width = page.viewportSize()!.width;
  expect(Math.abs(panel!.x + panel!.width / 2 - width / 2)).toBeLessThan(2);
  await expectAccessible(page);
});

test('item 9: the landing page states the APR range, amounts, terms and a worked example computed by the loan engine', async ({ page, request }) => {
  const res = await request.get('/api/representative_example');
  expect(res.status()).toBe(200);
  const r = (await res.json()) as { apr_min: string; apr_max: string; example: { apr: string; number_of_payments: number } };
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Rates and a representative example' });
  await expect(section).toContainText(`APR from ${r.apr_min}% to ${r.apr_max}%`);
  await expect(section).toContainText(`APR ${r.example.apr}%`);
  await expect(section).toContainText(`You make ${r.example.number_of_payments} payments of $`);
  await expectAccessible(page);
});
