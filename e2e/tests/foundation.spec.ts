import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD, staffToken } from '../support/staff';

test('the borrower app opens on its landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /check your rate/i }).first()).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows PAGE NOT FOUND with a way to sign in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
  await expect(page).toHaveTitle(/not found/i);
  await expectAccessible(page);
  await page
    .getByRole('link', { name: /sign in/i })
    .or(page.getByRole('button', { name: /sign in/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('legal pages render the server documents', async ({ page }) => {
  await page.goto('/privacy_policy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
  await expect(page.getByRole('link', { name: /download pdf/i })).toHaveAttribute('href', /\/api\/agreement_documents\/\d+\/pdf/);
  await expectAccessible(page);
  await page.goto('/service_terms');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/terms/i);
  await expectAccessible(page);
});

test('/unavailable shows the event the server describes', async ({ page, request }) => {
  const token = await staffToken(request);
  const description = 'We are upgrading our systems until 6:00 AM ET.';
  expect((await request.post('/api/backoffice/system_event', { headers: { authorization: token }, data: { description } })).status()).toBe(201);
  try {
    // Any borrower call now answers 503 and the app moves to /unavailable.
    expect((await request.get('/api/states')).status()).toBe(503);
    await page.goto('/unavailable');
    await expect(page.getByText('SYSTEM UNAVAILABLE')).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await request.delete('/api/backoffice/system_event', { headers: { authorization: token } });
  }
});

test('reference data answers as the spec says', async ({ request }) => {
  expect(await (await request.get('/api/states')).json()).toHaveLength(51);
  const postal = (await (await request.get('/api/employers?search=pos')).json()) as { name: string }[];
  expect(postal.some((e) => /postal/i.test(e.name))).toBe(true);
  expect(await (await request.get('/api/employers?search=po')).json()).toEqual([]);
});

test('a staff member signs in to the back office and out again', async ({ page }) => {
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/e-?mail/i).fill('underwriter@payrail.test');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText(/underwriter/i).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
});
