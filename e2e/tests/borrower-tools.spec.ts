import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { apiGet, signInThroughUi, staffApiToken } from '../support/classic';
import { advanceClockTo, fundedBorrower, plusDays, staffSignIn } from '../support/servicing';

/**
 * Borrower tools (issue #13): payoff letter, what-if simulator, repayment tracker — each journey on its
 * own funded loan, with axe on every screen. The business clock is shared and only moves forward.
 */

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Signs in through the UI; the dashboard may take a while on a busy machine. */
async function signIn(page: Page, borrower: { email: string; password: string }): Promise<void> {
  await signInThroughUi(page, borrower);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible({ timeout: 30_000 });
}

async function openLoansAndPayments(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
}

test('payoff letter: the figures equal the payoff quote of the chosen date, the PDF downloads, and a servicer issues the same letter', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  const today = await advanceClockTo(request, borrower.effectiveDate);
  // A business day about ten days ahead (the server's quote moves a weekend or holiday to the next one).
  const date = ((await apiGet(request, borrower.token, `/${borrower.loanId}/payoff/${plusDays(today, 10)}`)) as { date: string }).date;
  await signIn(page, borrower);
  await openLoansAndPayments(page);

  const letter = page.getByRole('region', { name: 'Payoff letter' });
  await letter.getByLabel(/Good-through date/).fill(date);
  const quote = (await apiGet(request, borrower.token, `/${borrower.loanId}/payoff/${date}`)) as { payoff_amount: number };
  const figures = letter.getByRole('definition').filter({ hasText: usd(quote.payoff_amount) });
  await expect(figures).toHaveCount(1);
  await expect(letter.getByText(`Payoff amount through ${usDate(date)}`)).toBeVisible();
  await expect(letter.getByText('None: no payment is scheduled or waiting to settle.')).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await letter.getByRole('button', { name: 'Download payoff letter (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`payoff-letter-${borrower.identifier}-${date}.pdf`);

  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, acceptDownloads: true });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.goto(`/backoffice/loans/${borrower.loanId}`);
  const issue = staff.getByRole('form', { name: 'Issue a payoff letter' });
  await issue.getByLabel(/Good-through date/).fill(date);
  await expectAccessible(staff);
  const staffDownload = staff.waitForEvent('download');
  await issue.getByRole('button', { name: 'Issue payoff letter (PDF)' }).click();
  expect((await staffDownload).suggestedFilename()).toBe(`payoff-letter-${borrower.loanId}-${date}.pdf`);
  await expect(staff.getByText(/issued; the borrower was notified/)).toBeVisible();
  await context.close();

  const notifications = (await apiGet(request, borrower.token, '/notifications')) as { message: string }[];
  expect(notifications.map((n) => n.message)).toContain(
    `We prepared a payoff letter for loan ${borrower.identifier}: ${usd(quote.payoff_amount)} pays it off through ${usDate(date)}.`,
  );
});

test('what-if simulator: an extra payment moves the payoff date and saves interest; one click schedules it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  await advanceClockTo(request, borrower.effectiveDate);
  const next = (await apiGet(request, borrower.token, `/transactions/loan/next_term_date/${borrower.loanId}`)) as { next_term_date: string };
  await signIn(page, borrower);
  await openLoansAndPayments(page);

  const region = page.getByRole('region', { name: 'What if I pay more?' });
  const form = region.getByRole('form', { name: 'What-if simulator' });
  await form.getByRole('textbox', { name: /Extra one-time payment/ }).pressSequentially('500');
  await expect(form.getByRole('textbox', { name: /Extra one-time payment/ })).toHaveValue('500');
  await form.getByLabel('Date of the extra payment').fill(next.next_term_date);
  await form.getByRole('button', { name: 'Simulate' }).click();
  const summary = region.getByRole('status').filter({ hasText: 'paid off on' });
  await expect(summary).toContainText('you would save');
  // The server's figures, the same the screen shows.
  const simulated = await request.post(`/api/loans/${borrower.loanId}/what_if`, {
    headers: { authorization: borrower.token },
    data: { one_time: [{ date: next.next_term_date, amount: 50000 }] },
  });
  const answer = (await simulated.json()) as { interest_saved: number; scenario: { payoff_date: string }; baseline: { payoff_date: string } };
  expect(answer.interest_saved).toBeGreaterThan(0);
  expect(answer.scenario.payoff_date <= answer.baseline.payoff_date).toBe(true);
  await expect(summary).toContainText(`you would save ${usd(answer.interest_saved)} in interest`);
  await region.getByText('Chart data as a table').click();
  await expect(region.getByRole('table', { name: 'Principal left by date, now and with the extra' })).toBeVisible();
  await expectAccessible(page);

  await region.getByRole('button', { name: `Schedule the $500.00 payment on ${usDate(next.next_term_date)}` }).click();
  await expect(page.getByText('Your payment has been sent successfully.')).toBeVisible();
  const transactions = (await apiGet(request, borrower.token, `/transactions/loan/${borrower.loanId}`)) as {
    transactions: { amount: number; due_date: string; transaction_status: string }[];
  };
  // Scheduled for the day the money moves (the due date, or the next business day when it is not one).
  const settles = ((await apiGet(request, borrower.token, `/${borrower.loanId}/payoff/${next.next_term_date}`)) as { date: string }).date;
  expect(transactions.transactions).toContainEqual(expect.objectContaining({ amount: 50000, due_date: settles, transaction_status: 'scheduled' }));
  await expectAccessible(page);
});

test('repayment tracker: a short payroll remittance shows as short, with the reason and what to do', async ({ page, request }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(request, 'payroll');
  const next = (await apiGet(request, borrower.token, `/transactions/loan/next_term_date/${borrower.loanId}`)) as {
    next_term_date: string;
    payment_per_term: number;
  };
  // The employer remits on the pay date: the clock goes there, then a servicer imports a remittance $25.00 short.
  await advanceClockTo(request, next.next_term_date);
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const imported = await request.post('/api/backoffice/remittances', {
    headers: { authorization: servicer },
    data: {
      lines: [
        {
          employer: 'Department of Veterans Affairs',
          pay_date: next.next_term_date,
          borrower_identifier: borrower.identifier,
          amount: next.payment_per_term - 2500,
        },
      ],
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(((await imported.json()) as { posted: number }).posted).toBe(1);

  await signIn(page, borrower);
  await openLoansAndPayments(page);
  const region = page.getByRole('region', { name: 'Payroll deductions' });
  await expect(region.getByText('1 pay date needs your attention.')).toBeVisible();
  const row = region.getByRole('row').filter({ hasText: usDate(next.next_term_date) });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Short');
  await expect(row).toContainText(`Your employer remitted ${usd(next.payment_per_term - 2500)} of the ${usd(next.payment_per_term)} expected: $25.00 short.`);
  await expect(row).toContainText('Pay the $25.00 difference online to stay current.');
  await expectAccessible(page);
});
