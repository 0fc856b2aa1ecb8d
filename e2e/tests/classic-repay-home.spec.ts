import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiPost, borrowerAt, currentStatus, reviewerAction, reviewerMove, signInThroughUi, staffApiToken } from '../support/classic';
import type { Borrower } from '../support/classic';

/**
 * Select repay method, auto-debit ACH, debit card and the home status panel (classic flow §2, §4, §5,
 * §8). Borrowers reach select_repay_method with `borrowerAt('after_review')` (the automated review
 * pre-approves a listed, federal employer); later statuses are set over the API as the steps or a
 * reviewer would.
 */

/** The sandbox may be busy: page changes and lazy pages get more time than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Signs in through the sign-in screen (the form's "Continue") and waits for the page of the status. */
const signIn = (page: Page, borrower: Pick<Borrower, 'email' | 'password'>, expectPath: RegExp) => signInThroughUi(page, borrower, expectPath);

async function atRepayMethod(request: APIRequestContext): Promise<Borrower> {
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  return borrower;
}

/** Chooses split direct deposit over the API and lets a reviewer ask for a debit card. */
async function atDebitCard(request: APIRequestContext): Promise<Borrower> {
  const borrower = await atRepayMethod(request);
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 0 });
  await reviewerMove(request, borrower.id, 'debit_card');
  expect(await currentStatus(request, borrower.token)).toBe('debit_card');
  return borrower;
}

/** Pay online, then sign the note over the API: application_submitted. */
async function submitted(request: APIRequestContext): Promise<Borrower> {
  const borrower = await atRepayMethod(request);
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 2 });
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: `${borrower.firstName} ${borrower.lastName}` });
  expect(await currentStatus(request, borrower.token)).toBe('application_submitted');
  return borrower;
}

/** Signed, then approved by a reviewer over the API: approved (Home sends the borrower to /dashboard). */
async function approved(request: APIRequestContext): Promise<Borrower> {
  const borrower = await atRepayMethod(request);
  await apiPost(request, borrower.token, '/select_repay_method', { repay_method: 2 });
  await apiPost(request, borrower.token, '/esignature/sign', { signature_name: 'Jordan Rivera' });
  const staff = await staffApiToken(request, 'underwriter@payrail.test');
  await reviewerAction(request, staff, borrower.id, 'approve');
  expect(await currentStatus(request, borrower.token)).toBe('approved');
  return borrower;
}

async function chooseRepayMethod(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'How would you like to repay?' })).toBeVisible();
  await expectAccessible(page);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name }).check();
  await expect(next).toBeEnabled();
  await next.click();
}

test.describe('select repay method', () => {
  test('Split Direct Deposit → the allotment page', async ({ page, request }) => {
    const borrower = await atRepayMethod(request);
    await signIn(page, borrower, /\/select_repay_method$/);
    await chooseRepayMethod(page, 'Split Direct Deposit');
    await expect(page).toHaveURL(/\/allotment$/);
    expect(await currentStatus(request, borrower.token)).toBe('allotment_needed');
    await expectAccessible(page);
  });

  test('Auto-Debit ACH → /auto_debit → the account on file → /esignature', async ({ page, request }) => {
    const borrower = await atRepayMethod(request);
    await signIn(page, borrower, /\/select_repay_method$/);
    await chooseRepayMethod(page, 'Auto-Debit ACH');
    await expect(page).toHaveURL(/\/auto_debit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Auto-Debit ACH' })).toBeVisible();
    const onFile = page.getByRole('radio', { name: 'Use the account on file' });
    await expect(onFile).toBeChecked();
    // Only the last four digits of the account number are shown.
    await expect(page.getByText(/account X+6789/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Auto Debit Disclosure/ })).toBeVisible();
    await expectAccessible(page);

    // A new account needs all three fields; the server checks the bank.
    await page.getByRole('radio', { name: 'Use a new account' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText("can't be blank")).toHaveCount(3);
    await page.getByLabel('Account type').selectOption('checking');
    await page.getByLabel('Account number').fill('987654321');
    await page.getByLabel('Routing number').fill('011000015');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Bank not found! Please review your bank account data and try again.')).toBeVisible();
    await expectAccessible(page);

    await onFile.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/esignature$/);
    expect(await currentStatus(request, borrower.token)).toBe('esignature_needed');
  });

  test('pay online → /esignature', async ({ page, request }) => {
    const borrower = await atRepayMethod(request);
    await signIn(page, borrower, /\/select_repay_method$/);
    await chooseRepayMethod(page, 'Skip – pay online through the portal');
    await expect(page).toHaveURL(/\/esignature$/);
    expect(await currentStatus(request, borrower.token)).toBe('esignature_needed');
  });
});

test.describe('debit card', () => {
  const fillCard = async (page: Page, number: string) => {
    await page.getByLabel('Name on card').fill('Jordan Rivera');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date').fill(`12/${new Date().getFullYear() + 3}`);
    await page.getByLabel('Security code (CVC)').fill('123');
  };

  test('SKIP moves on to the home panel: Allotment in analysis', async ({ page, request }) => {
    const borrower = await atDebitCard(request);
    await signIn(page, borrower, /\/debit_card$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Debit card' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    // The disabled Continue says why.
    await expect(next).toHaveAccessibleDescription('To continue, fill in every card field and tick the Debit Card Authorization, or press SKIP.');
    await expectAccessible(page);
    // The debit card authorization opens as a PDF in a new window (fetched with the session).
    const popupEvent = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Read the Debit Card Authorization (PDF)' }).click();
    const popup = await popupEvent;
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();
    await page.getByRole('button', { name: 'SKIP' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Allotment in analysis')).toBeVisible();
    expect(await currentStatus(request, borrower.token)).toBe('review_allotment');
    await expectAccessible(page);
  });

  test('a declined test card shows the processor message; a good one is saved and moves on', async ({ page, request }) => {
    const borrower = await atDebitCard(request);
    await signIn(page, borrower, /\/debit_card$/);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('checkbox', { name: /I authorize debits/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    // The loading stopped: Continue can be pressed again.
    await expect(page.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);
    expect(await currentStatus(request, borrower.token)).toBe('debit_card');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Name on card').focus();
    // Away from the field only the last four digits are shown.
    await expect(page.getByLabel('Card number')).toHaveValue('**** **** **** 4242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Allotment in analysis')).toBeVisible();
    const cards = (await (await request.get('/api/get_debit_cards', { headers: { authorization: borrower.token } })).json()) as { cards: { last4: string }[] };
    expect(cards.cards.map((card) => card.last4)).toEqual(['4242']);
  });
});

test.describe('home status panel', () => {
  test('declined with a reapply date: the date, no Reapply button', async ({ page, request }) => {
    const borrower = await submitted(request);
    const staff = await staffApiToken(request, 'underwriter@payrail.test');
    const future = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await reviewerAction(request, staff, borrower.id, 'decline', { reapply_on: future, reasons: ['Debt-to-income ratio too high'] });
    await signIn(page, borrower, /\/$/);
    await expect(page.getByText('Declined', { exact: true })).toBeVisible();
    const shown = `${future.slice(5, 7)}/${future.slice(8, 10)}/${future.slice(0, 4)}`;
    await expect(page.getByText(`You can reapply on ${shown}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reapply' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('in analysis after signing; dropped → New Loan → About Yourself', async ({ page, request }) => {
    const borrower = await submitted(request);
    await signIn(page, borrower, /\/$/);
    await expect(page.getByText('In Analysis', { exact: true })).toBeVisible();
    await expect(
      page.getByText('We received your application and it is in analysis. Our customer service reviews applications within 24-48 hours.'),
    ).toBeVisible();
    // Only the Approved panel offers the rating.
    await expect(page.getByRole('heading', { name: 'Rate your experience' })).toHaveCount(0);
    await expectAccessible(page);

    const staff = await staffApiToken(request, 'underwriter@payrail.test');
    await reviewerAction(request, staff, borrower.id, 'drop');
    // The panel polls the session: the new status shows without a reload.
    await expect(page.getByText('Dropped', { exact: true })).toBeVisible();
    await expect(page.getByText('Your application was dropped for inactivity.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New Loan' }).click();
    await expect(page).toHaveURL(/\/application\/about_yourself$/);
    expect(await currentStatus(request, borrower.token)).toBe('about_yourself');
  });
});

test.describe('approved: the Approved panel on the dashboard', () => {
  test('Home sends the approved borrower to /dashboard; 1–3 stars ask for text, then "Your feedback was sent." (focused)', async ({ page, request }) => {
    const borrower = await approved(request);
    await signIn(page, borrower, /\/dashboard$/);
    const panel = page.getByRole('region', { name: 'Your application' });
    await expect(panel.getByText('Approved', { exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Rate your experience' })).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole('button', { name: '2 stars' }).click();
    await panel.getByLabel('What could we do better?').fill('The documents step was slow.');
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Send feedback' }).click();
    const sent = panel.getByText('Your feedback was sent.');
    await expect(sent).toBeVisible();
    // Focus moved to the message, not lost to the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Your feedback was sent.');
    await expectAccessible(page);
    const session = (await (await request.get('/api/token_is_valid', { headers: { authorization: borrower.token } })).json()) as { feedback_rating: boolean };
    expect(session.feedback_rating).toBe(true);
    // Going Home again lands on the dashboard, without the rating form now.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Your application' }).getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rate your experience' })).toHaveCount(0);
  });

  test('4–5 stars open the public review page and store the rating', async ({ page, request }) => {
    const borrower = await approved(request);
    // The public review site is a third party: answer it locally.
    await page
      .context()
      .route(/^https:\/\/(www\.)?trustpilot\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Review</title><h1>Review</h1>' }));
    await signIn(page, borrower, /\/dashboard$/);
    const popupEvent = page.waitForEvent('popup');
    await page.getByRole('button', { name: '5 stars' }).click();
    const popup = await popupEvent;
    await expect.poll(() => popup.url()).toMatch(/trustpilot\.com/);
    await expect(page.getByText('Your feedback was sent.')).toBeVisible();
    await expectAccessible(page);
    const session = (await (await request.get('/api/token_is_valid', { headers: { authorization: borrower.token } })).json()) as { feedback_rating: boolean };
    expect(session.feedback_rating).toBe(true);
  });
});
