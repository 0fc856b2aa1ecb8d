import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, phoneCode, test, uniquePhoneDigits } from '../support/access';
import { apiGet, borrowerAt, reviewerAction, signInThroughUi, staffApiToken } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays } from '../support/servicing';
import type { FundedBorrower } from '../support/servicing';

/**
 * Issue #16 part A journeys: the dashboard home of a funded borrower, the status gate of §6, personal
 * information edits (phone by SMS code, address by autocomplete, photo with its messages) and the
 * notifications real events create, with read/unread toggles and the badge.
 */

async function signIn(page: Page, borrower: FundedBorrower): Promise<void> {
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible();
}

/** A valid 2×2 PNG made in memory (signature, IHDR, IDAT, IEND with their CRCs). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.from([0, 0x20, 0x60, 0xd0, 0x20, 0x60, 0xd0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('dashboard home of a funded borrower: progress, scheduled payments with cancel, loan history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const borrower = await fundedBorrower(request);
  const today = await advanceClockTo(request, borrower.effectiveDate);
  const due = plusDays(today, 4);
  const scheduled = await request.post('/api/request_payment', {
    headers: { authorization: borrower.token, 'idempotency-key': `dash-home-${borrower.id}` },
    data: { method: 'ach', mode: 'one_time', loan_id: borrower.loanId, amount: 2600, scheduling: { instant: false, date: due }, params: {} },
  });
  expect(scheduled.status(), await scheduled.text()).toBeLessThan(300);
  await signIn(page, borrower);
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${borrower.firstName}` })).toBeVisible();
  // Listed on the day the money moves: the asked date, or the next business day when it is not one.
  const cancel = page.getByRole('button', { name: /^Cancel the payment of \$26\.00 on \d{2}\/\d{2}\/\d{4}$/ });
  await expect(cancel).toBeVisible();
  const shown = /(\d{2})\/(\d{2})\/(\d{4})$/.exec((await cancel.getAttribute('aria-label')) ?? (await cancel.textContent()) ?? '');
  expect(shown, 'the payment date on the cancel button').not.toBeNull();
  const [, m, d, y] = shown!;
  expect(`${y}-${m}-${d}` >= due).toBe(true);
  await expectAccessible(page);
  await cancel.click();
  // Canceling asks first (a dialog naming the payment).
  await page.getByRole('dialog', { name: 'Cancel this payment?' }).getByRole('button', { name: 'Cancel the payment' }).click();
  await expect(page.getByText(`Your scheduled payment was canceled. $26.00 on ${m}/${d}/${y} will not be debited.`)).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('region', { name: 'Loan history' })).toContainText('Active');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Loans & Payments' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-home.png'), fullPage: true });

  // Opened again: its first reads start with the entry script, before the page's modules are in
  // (app/page-reads.ts: here they go out while the page's own module is held back), and each is asked
  // once: the page takes those answers instead of asking again.
  const asked: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/dashboard-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => asked.includes('/api/loans/ongoing_loans') && asked.includes('/api/benefits')).toBe(true);
  release();
  await expect(page.getByRole('region', { name: 'Loan history' })).toContainText('Active');
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${borrower.firstName}` })).toBeVisible();
  for (const path of ['/api/token_is_valid', '/api/loans/ongoing_loans', '/api/loans/history', '/api/notifications', '/api/banners', '/api/benefits']) {
    expect(
      asked.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  }
});

test('status gate (§6): a review-stage applicant keeps the dashboard; an applicant on a step goes to its page', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Dropped is one of the §6 statuses (an application ended for inactivity).
  const reviewing = await borrowerAt(request, 'loan_terms');
  await reviewerAction(request, await staffApiToken(request, 'admin@payrail.test'), reviewing.id, 'drop');
  await signInThroughUi(page, reviewing);
  // Signed in once the sign-in page is left (its own "Sign in" heading would satisfy the next line at once).
  await expect(page).not.toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${reviewing.firstName}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);

  const stepping = await borrowerAt(request, 'loan_terms');
  // A signed-in member who opens /signin goes back to their page: sign the first one out.
  await page.evaluate(() => window.localStorage.clear());
  await signInThroughUi(page, stepping, /\/loan_terms$/);
  await page.goto('/dashboard/personal-information');
  await expect(page).toHaveURL(/\/loan_terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Information' })).toHaveCount(0);
});

test('personal information: SSN shown in full, phone changed by SMS code, address by autocomplete, photo with its messages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  await signIn(page, borrower);
  // The header photo (initials here) opens personal information.
  await page.getByRole('banner').getByRole('link', { name: 'Personal information', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Information' })).toBeVisible();
  await expect(page.getByTestId('personal-ssn')).toHaveText(/^xxx-xx-\d{4}$/);
  await expect(page.getByText('Employer', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // SSN: show in full after the password again, then masked again.
  await page.getByRole('button', { name: 'Show SSN in full' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Password').fill(borrower.password);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Show SSN' }).click();
  await expect(page.getByTestId('personal-ssn')).toHaveText(/^\d{3}-\d{2}-\d{4}$/);
  await page.getByRole('button', { name: 'Hide SSN' }).click();
  await expect(page.getByTestId('personal-ssn')).toHaveText(/^xxx-xx-\d{4}$/);

  // Phone: a new number takes effect only once its texted code is verified.
  const before = await page.getByTestId('personal-phone').textContent();
  const digits = uniquePhoneDigits();
  await page.getByRole('button', { name: 'Edit mobile number' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Edit mobile number' });
  const phoneField = phoneDialog.getByLabel('Mobile phone number');
  await phoneField.click();
  await phoneField.press('ControlOrMeta+a');
  await phoneField.press('Backspace');
  await expect(phoneField).toHaveValue(/^[^0-9]*$/);
  await phoneField.pressSequentially(digits);
  await expect(phoneField).toHaveValue(new RegExp(`${digits.slice(6)}$`));
  await phoneDialog.getByRole('checkbox').check();
  await expectAccessible(page);
  await phoneDialog.getByRole('button', { name: 'Send code' }).click();
  const code = await phoneCode(request, `+1${digits}`);
  await expect(page.getByTestId('personal-phone')).toHaveText(before ?? '');
  await phoneDialog.getByLabel('Verification code').fill(code);
  await phoneDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified!')).toBeVisible();
  await expect(page.getByTestId('personal-phone')).toHaveText(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)} (verified)`);

  // Address: autocomplete fills city, state and zip; Save answers "Update successful!".
  await page.getByRole('button', { name: 'Edit address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Edit address' });
  const address = addressDialog.getByRole('combobox', { name: /Address/ });
  await address.fill('');
  await address.pressSequentially('1100 Congress');
  await addressDialog.getByRole('option', { name: /1100 Congress Ave/ }).click();
  await expect(addressDialog.getByLabel('City')).toHaveValue('Austin');
  await expect(addressDialog.getByLabel('Zip code')).toHaveValue('78701');
  await addressDialog.getByLabel('P.O. box').fill('PO 77');
  await expectAccessible(page);
  await addressDialog.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Update successful!').first()).toBeVisible();
  await expect(page.getByTestId('personal-address')).toHaveText('1100 Congress Ave');
  await expect(page.getByText('TX - Texas')).toBeVisible();
  await expect(page.getByText('PO 77')).toBeVisible();
  const profile = (await apiGet(request, borrower.token, '/users/info')) as { borrower: { city: string; unit_number: string; phone: string } };
  expect(profile.borrower).toMatchObject({ city: 'Austin', unit_number: 'PO 77', phone: `+1${digits}` });

  // Photo: a text file named .png is refused by type, a photo over 5 MB by size, a real PNG is stored.
  await page.getByTestId('file-upload-input').setInputFiles({ name: 'fake.png', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('User photo should be a image file.').first()).toBeVisible();
  await page
    .getByTestId('file-upload-input')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([tinyPng(), Buffer.alloc(5_242_880)]) });
  await expect(page.getByText('User photo cannot be more than 5MB.').first()).toBeVisible();
  await page.getByTestId('file-upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Personal information', exact: true }).locator('img')).toHaveAttribute(
    'src',
    /^\/api\/avatars\/[0-9a-f]{64}-png$/,
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('personal-information.png'), fullPage: true });
});

test('notifications from real events: approval, funding and payments; read/unread toggles and the 9+ badge', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  const today = await advanceClockTo(request, borrower.effectiveDate);
  await signIn(page, borrower);
  const events = (await apiGet(request, borrower.token, '/notifications')) as { message: string; status: string }[];
  expect(events.map((n) => n.message)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Your loan .* is funded/), 'Good news: your application was approved!']),
  );
  const unread = events.filter((n) => n.status === 'unread').length;
  await expect(page.getByRole('button', { name: `Notifications, ${unread} unread` })).toBeVisible();

  // Scheduled payments are events too: ten of them push the badge past 9.
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/request_payment', {
      headers: { authorization: borrower.token, 'idempotency-key': `dash-notice-${borrower.id}-${i}` },
      data: {
        method: 'ach',
        mode: 'one_time',
        loan_id: borrower.loanId,
        amount: 1000 + i,
        scheduling: { instant: false, date: plusDays(today, 3 + i) },
        params: {},
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  await page.reload();
  const total = unread + 10;
  const bell = page.getByRole('button', { name: `Notifications, ${total} unread` });
  await expect(bell).toBeVisible();
  await expect(bell.getByText('9+')).toBeVisible();
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const box = await panel.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(348);
  expect(box!.width).toBeLessThanOrEqual(340);
  await expectAccessible(page);
  const first = panel.getByRole('listitem').first().getByRole('button').first();
  await first.click();
  await expect(page.getByRole('button', { name: `Notifications, ${total - 1} unread` })).toBeVisible();
  await first.click();
  await expect(page.getByRole('button', { name: `Notifications, ${total} unread` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notifications.png') });
});
