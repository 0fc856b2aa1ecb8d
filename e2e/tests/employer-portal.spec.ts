import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { expect, latestMessage, test, uniqueEmail } from '../support/access';
import { signInThroughUi } from '../support/classic';
import { advanceClockTo, businessDate, staffSignIn } from '../support/servicing';

/**
 * The employer portal (issue #31), end to end with axe on every screen: a servicer invites an HR
 * administrator of the demo partner employer (Acme Logistics, seeded with borrowers repaid by payroll
 * deduction); the administrator accepts the invitation, sets up TOTP, signs out and back in with password
 * and code, downloads the deduction file, uploads a remittance with one employee $25.00 short; the servicer
 * sees the shortfall on the employer's page and the borrower in their payroll-deductions tracker.
 */

const ACME = 'Acme Logistics';
/** A seeded Acme borrower (apps/server/src/db/seed-demo-employer.ts): the one the remittance shorts. */
const MARIA = { email: 'acme.maria@payrail.test', password: 'Payrail-demo-1', employeeId: 'AL-10482' } as const;
const HEADER = 'pay_date,employee_id,employee_name,deduction,change';
const SHORT_CENTS = 2500;

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const dollars = (cents: number) => `${String(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The authenticator app: codes of the secret the enrolment screen shows. */
const authenticator = (secret: string) =>
  new TOTP({ issuer: 'Payrail Employer Portal', secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

interface DeductionFile {
  pay_date: string | null;
  lines: { employee_id: string; employee_name: string; deduction: number; change: string }[];
  total: number;
}

/** The portal's own API with the session the page holds (to compare the screen and the CSV with the server's figures). */
async function portalGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('payrail.employer.session') ?? '{}') as { token?: string }).token ?? '');
  const res = await request.get(`/api/employer_portal${path}`, { headers: { authorization: token } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The back office's page of the demo partner employer. */
async function openAcmeInBackOffice(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Employers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await page.getByRole('link', { name: ACME, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: ACME })).toBeVisible();
}

test('employer portal: invitation → TOTP → deduction file → a short remittance → the servicer and the borrower see the shortfall', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('acme.hr');
  const password = 'Employer-pass1';

  // 1. A servicer invites the HR administrator from the employer's page in the back office.
  await staffSignIn(page, 'servicer@payrail.test');
  await openAcmeInBackOffice(page);
  await expectAccessible(page);
  const invite = page.getByRole('form', { name: /Invite/ });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('button', { name: /Invite|Send/ }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(/Pending/i);
  await expectAccessible(page);

  // 2. The invitation e-mail's link: who invites whom, for which employer; name and password.
  const message = await latestMessage(request, email, /invitation\?token=/);
  const link = /(\/employer\/invitation\?token=[A-Za-z0-9_-]+)/.exec(message.body)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
  await expect(page.getByText(/You are invited to the Payrail employer portal for/)).toContainText(`${ACME} as ${email}`);
  await expectAccessible(page);
  await page.getByLabel('Your name').fill('Harriet Ross');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();

  // 3. TOTP: the QR code and the key typed into the "authenticator"; a first code activates the account.
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const totp = authenticator(secret);
  await expectAccessible(page);
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  // 4. The recovery codes, shown once; confirmed saved.
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'I saved these recovery codes somewhere safe' }).check();
  await page.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deductions' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(ACME);
  await expect(page.getByRole('banner')).toContainText('Harriet Ross');

  // 5. Sign out, then in again: password, then a code of the next 30-second step (a code is never taken twice).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employer portal sign in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deductions' })).toBeVisible();

  // 6. The deduction file of the next payroll: the screen and the downloaded CSV say what the server says.
  const file = await portalGet<DeductionFile>(page, request, '/deduction_file');
  expect(file.pay_date, 'the seeded borrowers have a payroll ahead').not.toBeNull();
  const payDate = file.pay_date!;
  const maria = file.lines.find((l) => l.employee_id === MARIA.employeeId);
  expect(maria, 'the seeded borrower is in the file').toBeTruthy();
  await expect(
    page
      .getByRole('table', { name: `Deductions on ${usDate(payDate)}` })
      .getByRole('row')
      .filter({ hasText: MARIA.employeeId }),
  ).toContainText(usd(maria!.deduction));
  await expect(
    page.getByRole('table', { name: 'Employees with an active payroll deduction' }).getByRole('row').filter({ hasText: MARIA.employeeId }),
  ).toBeVisible();
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`deductions-${payDate}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const rows = csv.split('\r\n');
  expect(rows[0]).toBe(HEADER);
  expect(rows.slice(1, -1)).toEqual(file.lines.map((l) => [payDate, l.employee_id, l.employee_name, dollars(l.deduction), l.change].map(csvField).join(',')));
  expect(rows.at(-1)).toBe('');

  // 7. Payroll runs on the pay date; the employer remits Maria $25.00 short and uploads the same layout.
  await advanceClockTo(request, payDate);
  expect(await businessDate(request)).toBe(payDate);
  const remitted = rows.map((row, i) => {
    if (i === 0 || !row.includes(`,${MARIA.employeeId},`)) return row;
    const fields = row.split(',');
    fields[3] = dollars(maria!.deduction - SHORT_CENTS);
    return fields.join(',');
  });
  await page.getByRole('navigation', { name: 'Employer portal' }).getByRole('link', { name: 'Remittances' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remittances' })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByLabel('Remittance file (CSV)')
    .setInputFiles({ name: `remittance-${payDate}.csv`, mimeType: 'text/csv', buffer: Buffer.from(remitted.join('\r\n')) });
  await page.getByRole('button', { name: 'Submit the remittance' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation of your remittance' })).toBeVisible();
  const reconciliation = page.getByRole('table', { name: `Reconciliation for the pay date ${usDate(payDate)}` });
  const shortRow = reconciliation.getByRole('row').filter({ hasText: MARIA.employeeId });
  await expect(shortRow).toContainText('Short');
  await expect(shortRow).toContainText(`−${usd(SHORT_CENTS)}`);
  await expect(shortRow).toContainText(`${usd(SHORT_CENTS)} short`);
  for (const line of file.lines.filter((l) => l.employee_id !== MARIA.employeeId && l.deduction > 0)) {
    await expect(reconciliation.getByRole('row').filter({ hasText: line.employee_id })).toContainText('Exact');
  }
  await expect(
    page
      .getByRole('table', { name: 'Remittances submitted' })
      .getByRole('row')
      .filter({ hasText: usDate(payDate) }),
  ).toContainText('1 short');
  await expectAccessible(page);

  // The other two pages of the portal, as the administrator finds them (nothing reported here).
  const portalNav = page.getByRole('navigation', { name: 'Employer portal' });
  await portalNav.getByRole('link', { name: 'Verifications' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Open requests' })).toBeVisible();
  await expectAccessible(page);
  await portalNav.getByRole('link', { name: 'Changes' }).click();
  await expect(page.getByRole('form', { name: 'Report a change' }).getByLabel('Employee')).toContainText(MARIA.employeeId);
  await expectAccessible(page);

  // 8. The servicer (still signed in to the back office in this browser) sees the shortfall on the employer's page.
  await page.goto('/backoffice/');
  await openAcmeInBackOffice(page);
  const servicerRow = page
    .getByRole('table', { name: `Reconciliation of the ${usDate(payDate)} remittance` })
    .getByRole('row')
    .filter({ hasText: MARIA.employeeId });
  await expect(servicerRow).toContainText('Short');
  await expect(servicerRow).toContainText(`−${usd(SHORT_CENTS)}`);
  await expectAccessible(page);

  // 9. The borrower sees it in the payroll-deductions tracker.
  await signInThroughUi(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
  const tracker = page.getByRole('region', { name: 'Payroll deductions' });
  const payRow = tracker.getByRole('row').filter({ hasText: usDate(payDate) });
  await expect(payRow).toContainText('Short');
  await expect(payRow).toContainText(`${usd(SHORT_CENTS)} short`);
  await expectAccessible(page);
});
