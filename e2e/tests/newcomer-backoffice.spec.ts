import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { apiGet, apiPost, borrowerAt, currentStatus, signInThroughUi, staffApiToken } from '../support/classic';
import type { StaffEmail } from '../support/classic';
import { DEMO_PASSWORD } from '../support/staff';

/**
 * Issue #17 "What a newcomer hits today", items 1–4: staff open a document and the signed note, the
 * repay method chosen prices the loan, and the back office reads as labels, dollars and dates.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

type AuditItem = { action: string; target_user_id: number | null; at: string };

async function staffSignIn(page: Page, email: StaffEmail): Promise<void> {
  await page.goto('/backoffice/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

async function demoApplicant(request: APIRequestContext, email: string): Promise<number> {
  const token = await staffApiToken(request, 'admin@payrail.test');
  const res = await request.get('/api/backoffice/applications?per_page=100', { headers: { authorization: token } });
  const { items } = (await res.json()) as { items: { user_id: number; email: string }[] };
  const found = items.find((i) => i.email === email);
  expect(found, email).toBeTruthy();
  return found!.user_id;
}

async function auditOf(request: APIRequestContext, userId: number, action: string): Promise<AuditItem[]> {
  const token = await staffApiToken(request, 'admin@payrail.test');
  const res = await request.get(`/api/backoffice/audit?user_id=${userId}&action=${action}`, { headers: { authorization: token } });
  return ((await res.json()) as { items: AuditItem[] }).items;
}

/** Records every Content-Security-Policy refusal the page reports. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** The frame a blob: preview loaded into (a frame the CSP refused ends on Chromium's error page). */
async function previewFrameUrl(page: Page): Promise<string> {
  const frame = page.locator('iframe');
  await expect(frame).toBeVisible();
  const handle = await frame.elementHandle();
  const content = await handle!.contentFrame();
  await expect.poll(() => content!.url()).not.toBe('about:blank');
  return content!.url();
}

test('item 1: an underwriter opens an uploaded PDF in the frame; the view is audited once', async ({ page, request }) => {
  const userId = await demoApplicant(request, 'demo.ready@payrail.test');
  const violations = cspViolations(page);
  await staffSignIn(page, 'underwriter@payrail.test');
  await page.goto(`/backoffice/applications/${userId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  expect(await auditOf(request, userId, 'view_document')).toHaveLength(0);

  const show = page.getByRole('button', { name: /^Show .*\.pdf$/ }).first();
  await show.click();
  expect(await previewFrameUrl(page)).toMatch(/^blob:/);
  expect(violations).toEqual([]);
  expect(await auditOf(request, userId, 'view_document')).toHaveLength(1);
  await expectAccessible(page);
});

test('item 3: the signed note opens from the back office (its view_url), audited as view_signed_note', async ({ page, request }) => {
  const userId = await demoApplicant(request, 'demo.submitted@payrail.test');
  const violations = cspViolations(page);
  await staffSignIn(page, 'servicer@payrail.test');
  await page.goto(`/backoffice/applications/${userId}`);
  const section = page.getByRole('region', { name: 'E-signature' });
  await expect(section.getByText(/^Signed \d/)).toBeVisible();
  await section.getByRole('button', { name: 'Show the signed note' }).click();
  expect(await previewFrameUrl(page)).toMatch(/^blob:/);
  expect(violations).toEqual([]);
  expect(await auditOf(request, userId, 'view_signed_note')).toHaveLength(1);
  await expectAccessible(page);
});

test('item 2: choosing Auto-Debit ACH prices the loan without the split-direct-deposit discount, on the note and in the back office', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerAt(request, 'after_review');
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  const split = (await apiGet(request, borrower.token, '/loan')) as { apr: string; interest_rate: string; payment_method: string };
  expect(split.payment_method).toBe('split_direct_deposit');

  await signInThroughUi(page, borrower, /\/select_repay_method$/);
  // Each method shows its price; split direct deposit is the lower rate (spec select_program "lower rates").
  await expect(page.getByRole('radio', { name: /Split Direct Deposit \(lower rate\)/ })).toBeVisible();
  await expect(page.getByText(`APR ${Number(split.apr).toFixed(2)}%`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Auto-Debit ACH' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auto_debit$/);

  const autoDebit = (await apiGet(request, borrower.token, '/loan')) as { apr: string; interest_rate: string; payment_method: string };
  expect(autoDebit.payment_method).toBe('auto_debit');
  expect(Number(autoDebit.apr)).toBeGreaterThan(Number(split.apr));

  await apiPost(request, borrower.token, '/auto_debit', { account_type: 'checking', account_number: '987654321', routing_number: '034821624' });
  await page.goto('/esignature');
  await expect(page.getByRole('heading', { level: 1, name: 'E-signature' })).toBeVisible();
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: `${Number(autoDebit.apr).toFixed(2)}%` })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: `${Number(split.apr).toFixed(2)}%` })).toHaveCount(0);
  await expect(page.getByText('These terms are priced for repayment by Auto-Debit ACH (the price depends on how you repay).')).toBeVisible();
  await expectAccessible(page);

  const staff = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staffPage = await staff.newPage();
  await staffSignIn(staffPage, 'underwriter@payrail.test');
  await staffPage.goto(`/backoffice/applications/${borrower.id}`);
  const terms = staffPage.getByRole('region', { name: 'Loan terms' });
  await expect(terms.getByText('Auto debit', { exact: true })).toBeVisible();
  await expect(terms.getByText(`${Number(autoDebit.apr).toFixed(2)}%`)).toBeVisible();
  await staff.close();
});

test('item 4: the back office shows labels, dollars, US dates, names, a formatted SSN, readable audit rows newest first, tables that fit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerAt(request, 'after_review');
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page, 'admin@payrail.test');

  // The queue fits at 1280 px: no horizontal scrolling, the sort label readable.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scroller = page.locator('table').first().locator('xpath=..');
  await expect(page.locator('table').first()).toBeVisible();
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const sort = page.getByLabel('Sort');
  expect(await sort.evaluate((el) => (el as HTMLSelectElement).scrollWidth <= (el as HTMLSelectElement).clientWidth + 1)).toBe(true);
  await expectAccessible(page);

  await page.goto(`/backoffice/applications/${borrower.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();
  const text = await main.innerText();
  expect(text).not.toMatch(/cents/i);
  // No ISO timestamp anywhere (the rule set's version name, e.g. 2026-11-01, is a name, not a date shown as one).
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  expect(text).toMatch(/Applied\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
  expect(text).not.toMatch(/state id/i);
  expect(text).not.toMatch(/\b(lt_1|1_3|3_5|gt_5)\b/);
  await expect(main.getByText('Delaware (DE)').first()).toBeVisible();
  await expect(main.getByText('$60,000.00')).toBeVisible();
  await expect(main.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC$/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Reveal SSN' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(main.getByText(/^\d{3}-\d{2}-\d{4}$/)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/backoffice/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log entries' });
  await expect(table).toBeVisible();
  const details = await table.locator('tbody tr td:last-child').allInnerTexts();
  expect(details.join('\n')).not.toMatch(/[{}"]/);
  expect(details.join('\n')).toContain('Field: Social security number');
  // The applicant is named next to the id, not "#id" alone.
  await expect(table.getByRole('link', { name: `${borrower.firstName} ${borrower.lastName} (#${borrower.id})` }).first()).toBeVisible();
  const when = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})/.exec(t)!;
    return `${m[3]}-${m[1]}-${m[2]} ${m[4]}`;
  });
  expect(when.length).toBeGreaterThan(3);
  expect(when).toEqual([...when].sort().reverse());
  const auditScroller = table.locator('xpath=..');
  expect(await auditScroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectAccessible(page);
});
