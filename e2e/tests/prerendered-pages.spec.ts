import { expectAccessible } from '../support/axe';
import { confirmedAccountViaApi, expect, test, uniqueEmail } from '../support/access';

const PASSWORD = 'Journey-pass1';

/**
 * The prerendered landing pages (docs/performance.md): their HTML already holds the page, so a visitor
 * sees it, and may type into it, before the app's scripts have run. Here the entry script is held back
 * until the visitor has typed: the app then draws the page over the prerendered one and keeps what was
 * typed, and the form signs in.
 */
test('a visitor can fill in the prerendered sign-in page before the app has loaded, and sign in', async ({ page, request }) => {
  // An account of its own: another journey signing the demo borrower in at the same time would end this session.
  const email = uniqueEmail('prerendered');
  await confirmedAccountViaApi(request, email, PASSWORD);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signin', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered="/signin"]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Payrail');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // As in the app's first render, Continue waits for the form to be checked; Enter sends nothing either
  // (and never the fields in the URL).
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/signin$/);

  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/application\/about_yourself$/);
  expect(page.url()).not.toContain('password');
});

test('the app draws the same sign-up page over the prerendered one: one page, accessible, working', async ({ page, request }) => {
  const html = await (await request.get('/signup')).text();
  expect(html).toContain('data-prerendered="/signup"');
  expect(html).toContain('<title>Check your rate · Payrail</title>');
  // Every stylesheet is inline; each is marked loaded (a disabled link, never fetched) for the app's module loader.
  expect(html).toMatch(/<style data-href="\/assets\/index-[\w-]+\.css">/);
  expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);
  expect(html).not.toMatch(/<link rel="preload" as="style"/);

  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto('/signup');
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByLabel('State of residence')).toBeVisible();
  // The app started without fetching again a stylesheet the page already had.
  expect(stylesheets).toEqual([]);
  await expect(page.locator('main#main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your rate');
  await expectAccessible(page);
});
