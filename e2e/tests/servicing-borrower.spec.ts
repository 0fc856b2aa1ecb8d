import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { apiGet, signInThroughUi } from '../support/classic';
import { advanceClockTo, fundedBorrower, nextBusinessDay, payFromReturningAccount, plusDays, servicingOf, staffSignIn } from '../support/servicing';
import type { FundedBorrower } from '../support/servicing';

/**
 * Servicing journeys of the borrower (issue #10 "Must show"), each on its own funded loan. The business
 * clock is shared and only moves forward; the payment forms take "today" from it (GET /api/business_date),
 * so a payment for today keeps the form's default date.
 */

const SENT = 'Your payment has been sent successfully.';

/** MM/DD/YYYY, as the borrower's screens write dates. */
const us = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

async function signIn(page: Page, borrower: FundedBorrower): Promise<void> {
  await signInThroughUi(page, borrower, /\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Loan progress' })).toBeVisible();
}

/** Moves the business date forward in the back office, as a servicer (a separate browser page). */
async function advanceInBackOffice(page: Page, to: string): Promise<void> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const staff = await context.newPage();
  await staffSignIn(staff, 'servicer@payrail.test');
  await staff.goto('/backoffice/servicing');
  await expect(staff.getByRole('heading', { level: 1, name: 'Servicing' })).toBeVisible();
  await staff.getByLabel('Advance to date').fill(to);
  await staff.getByRole('button', { name: 'Advance to date' }).click();
  const [y, m, d] = to.split('-');
  await expect(staff.getByRole('status')).toContainText(`Business date ${m}/${d}/${y}`, { timeout: 30_000 });
  await expectAccessible(staff);
  await context.close();
}

async function openPayments(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Loans & Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeVisible();
}

test('one-time payment → business date advanced → settled and in the payment history', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  // Payments cannot be dated before the loan starts: the clock goes to the disbursement date first.
  const today = await advanceClockTo(request, borrower.effectiveDate);
  await signIn(page, borrower);
  await expectAccessible(page);
  await openPayments(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'One-time payment (ACH)' }).click();
  const form = page.getByRole('form', { name: 'One-time payment' });
  // Dollars, as people type them: "50" is $50.00.
  await form.getByRole('textbox', { name: /Amount/ }).pressSequentially('50');
  await expect(form.getByRole('textbox', { name: /Amount/ })).toHaveValue('50');
  // The form's today is the business date (moved by staff), not the browser's date.
  await expect(form.getByLabel(/Payment date/)).toHaveValue(today);
  await expect(form.getByLabel(/Payment date/)).toHaveAttribute('min', today);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Make payment' }).click();
  // The spec's words, then what was scheduled and when (today, or the next business day once today's run went out).
  await expect(
    page.getByText(new RegExp(`${SENT.replace(/\./g, '\\.')} Your payment of \\$50\\.00 (will be debited from your bank account today|is scheduled for) `)),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await advanceInBackOffice(page, plusDays(today, 7));

  const payments = (await apiGet(request, borrower.token, `/loans/history/payments?loan_id=${borrower.loanId}`)) as {
    payments: { amount: number; source: string }[];
  };
  expect(payments.payments.some((p) => p.amount === 5000 && p.source === 'one_time')).toBe(true);
  const transactions = (await apiGet(request, borrower.token, `/transactions/loan/${borrower.loanId}`)) as {
    transactions: { amount: number; transaction_status: string }[];
  };
  expect(transactions.transactions.find((t) => t.amount === 5000)?.transaction_status).toBe('settled');

  await page.reload();
  await openPayments(page);
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history.getByRole('row').filter({ hasText: 'One-time payment' }).filter({ hasText: '$50.00' })).toHaveCount(1);
  await expectAccessible(page);
});

test('a debit card added through the tokenizer pays a one-time payment, settled at once and listed', async ({ page, request }) => {
  test.setTimeout(150_000);
  const borrower = await fundedBorrower(request);
  await advanceClockTo(request, borrower.effectiveDate);
  await signIn(page, borrower);
  await openPayments(page);
  await page.getByRole('button', { name: 'Debit card' }).click();
  const add = page.getByRole('form', { name: 'Add a debit card' });
  await add.getByRole('textbox', { name: 'Name on card' }).fill('Jordan Rivera');
  await add.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await add.getByRole('textbox', { name: 'Expiry month (MM)' }).fill('12');
  await add.getByRole('textbox', { name: 'Expiry year (YYYY)' }).fill('2030');
  await add.getByRole('textbox', { name: 'CVC' }).fill('123');
  await add.getByRole('button', { name: 'Add card' }).click();
  // The tokenizer's first error, under the form.
  await expect(add.getByRole('alert')).toContainText('Your card was declined.');
  await expectAccessible(page);
  await add.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await add.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Your card was added.')).toBeVisible();
  const pay = page.getByRole('form', { name: 'Pay with a debit card' });
  await expect(pay.getByRole('combobox', { name: 'Debit card' })).toContainText('ending 4242');
  await pay.getByRole('textbox', { name: /Amount/ }).fill('25.00');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('debit-card-panel.png'), fullPage: true });
  await pay.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const cardPayments = (await apiGet(request, borrower.token, '/get_debit_transactions')) as {
    transactions: { amount: number; transaction_status: string; card_last4: string | null }[];
  };
  expect(cardPayments.transactions).toEqual([expect.objectContaining({ amount: 2500, transaction_status: 'settled', card_last4: '4242' })]);
  await openPayments(page);
  await page.getByRole('button', { name: 'Debit card' }).click();
  await expect(page.getByRole('region', { name: 'Card payments' }).getByText(/\$25\.00 · card ending 4242 · settled/)).toBeVisible();
  await expectAccessible(page);
});

test('a payment typed in dollars, scheduled for later, said so, then canceled after a confirmation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const borrower = await fundedBorrower(request);
  const later = plusDays(await advanceClockTo(request, borrower.effectiveDate), 5);
  await signIn(page, borrower);
  await openPayments(page);
  await page.getByRole('button', { name: 'One-time payment (ACH)' }).click();
  const form = page.getByRole('form', { name: 'One-time payment' });
  // More than two decimals is refused with its message; "25.5" is $25.50.
  await form.getByRole('textbox', { name: /Amount/ }).fill('25.505');
  await form.getByRole('button', { name: 'Make payment' }).click();
  await expect(form.getByText('Please enter at most 2 decimals (cents), for example 50.25.')).toBeVisible();
  await form.getByRole('textbox', { name: /Amount/ }).fill('25.5');
  await form.getByLabel(/Payment date/).fill(later);
  await form.getByRole('button', { name: 'Make payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Scheduled for the day the money moves (a weekend or holiday goes to the next business day), and said so.
  const settles = ((await apiGet(request, borrower.token, `/${borrower.loanId}/payoff/${later}`)) as { date: string }).date;
  await expect(page.getByText(`${SENT} Your payment of $25.50 is scheduled for ${us(settles)}.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Scheduled payments' });
  const cancel = table.getByRole('button', { name: `Cancel the payment of $25.50 on ${us(settles)}` });
  await expect(cancel).toBeVisible();
  await expectAccessible(page);
  // One click asks first; Escape keeps the payment and gives focus back.
  await cancel.click();
  const ask = page.getByRole('dialog', { name: 'Cancel this payment?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`$25.50 on ${us(settles)} will not be debited.`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await ask.getByRole('button', { name: 'Cancel the payment' }).click();
  await expect(page.getByText(`Your scheduled payment was canceled. $25.50 on ${us(settles)} will not be debited.`)).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Scheduled payments' })).toBeFocused();
  await expectAccessible(page);
  const transactions = (await apiGet(request, borrower.token, `/transactions/loan/${borrower.loanId}`)) as {
    transactions: { amount: number; transaction_status: string }[];
  };
  expect(transactions.transactions.find((t) => t.amount === 2550)?.transaction_status).toBe('canceled');
});

test('payoff quote and payoff → loan Finished, paid_off true, New Loan offered', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  // Payments cannot be dated before the loan starts: the clock goes to the disbursement date first.
  const today = await advanceClockTo(request, borrower.effectiveDate);
  // The daily run of the business date is already done: a debit for it goes out on the next business day,
  // so the payoff is quoted and paid for that day.
  const payDay = nextBusinessDay(today);
  await signIn(page, borrower);
  await openPayments(page);
  await page.getByRole('button', { name: 'Pay off my loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay off your loan' });
  await dialog.getByLabel(/Payment date/).fill(payDay);
  const quote = (await apiGet(request, borrower.token, `/${borrower.loanId}/payoff/${payDay}`)) as { payoff_amount: number };
  const dollars = `$${(quote.payoff_amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(dialog.getByLabel('Payoff amount')).toHaveText(dollars);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Pay off my loan' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await advanceInBackOffice(page, plusDays(today, 7));

  await expect.poll(async () => ((await servicingOf(request, borrower.loanId)) as { loan: { status: string } }).loan.status).toBe('closed_paid');
  const session = (await apiGet(request, borrower.token, '/token_is_valid')) as { paid_off: boolean };
  expect(session.paid_off).toBe(true);
  await page.goto('/dashboard/loans-and-payments/loan-history');
  await expect(page.getByRole('table', { name: 'Your loans' }).getByRole('row').filter({ hasText: 'Finished' })).toHaveCount(1);
  await expectAccessible(page);
  // The dashboard's paid-in-full state (issue #33): the day, a congratulation, the documents; no payment call to action.
  await page.goto('/dashboard');
  const paid = page.getByRole('region', { name: `Paid in full on ${us(payDay)}` });
  await expect(paid).toContainText('Congratulations!');
  await expect(paid.getByRole('link', { name: "See the loan's documents and statements" })).toHaveAttribute(
    'href',
    `/dashboard/loans-and-payments/loan-history/${borrower.identifier}`,
  );
  await expect(page.getByRole('link', { name: 'Make a payment' })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New Loan' })).toBeVisible();
});

test('a returned debit (R01) is shown with its notification', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  // Payments cannot be dated before the loan starts: the clock goes to the disbursement date first.
  const today = await advanceClockTo(request, borrower.effectiveDate);
  await signIn(page, borrower);
  await openPayments(page);
  await payFromReturningAccount(page, today);
  await expect(page.getByText(SENT)).toBeVisible();

  await advanceInBackOffice(page, plusDays(today, 7));

  const servicing = JSON.stringify(await servicingOf(request, borrower.loanId));
  const payments = (await apiGet(request, borrower.token, `/loans/history/payments?loan_id=${borrower.loanId}`)) as {
    payments: { amount: number; status: string; return_reason: string | null }[];
  };
  // Returned R01 (reversed), then re-presented by the run (NACHA allows two retries of an R01).
  expect(
    payments.payments.some((p) => p.amount === 3000 && p.status === 'returned'),
    servicing,
  ).toBe(true);
  await page.reload();
  await openPayments(page);
  await expect(page.getByRole('table', { name: 'Payment history' }).getByRole('row').filter({ hasText: 'One-time payment (returned)' })).toHaveCount(1);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/^Your payment of \$30\.00 on/)
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('auto-debit set up and collected', async ({ page, request }) => {
  test.setTimeout(180_000);
  const borrower = await fundedBorrower(request);
  const next = (await apiGet(request, borrower.token, `/transactions/loan/next_term_date/${borrower.loanId}`)) as {
    next_term_date: string;
    payment_per_term: number;
  };
  await signIn(page, borrower);
  await openPayments(page);
  await page.getByRole('button', { name: 'Auto-debit (ACH)' }).click();
  const form = page.getByRole('form', { name: 'Auto-debit' });
  const [y, m, d] = next.next_term_date.split('-');
  await expect(form.getByText(`Next payment date: ${m}/${d}/${y}`)).toBeVisible();
  // Pre-filled with the loan's payment per term, in dollars.
  const perTerm = (next.payment_per_term / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(form.getByRole('textbox', { name: /Amount/ })).toHaveValue(perTerm);
  await form.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Set up auto-debit' }).click();
  // Not just "sent": what was set up and from when.
  await expect(page.getByText(`${SENT} Auto-debit is set up: $${perTerm} per payment, starting ${us(next.next_term_date)}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await advanceInBackOffice(page, plusDays(next.next_term_date, 5));

  const payments = (await apiGet(request, borrower.token, `/loans/history/payments?loan_id=${borrower.loanId}`)) as {
    payments: { amount: number; source: string; status: string }[];
  };
  expect(
    payments.payments.some((p) => p.source === 'auto_debit' && p.amount === next.payment_per_term && p.status === 'posted'),
    JSON.stringify(payments),
  ).toBe(true);
  await page.reload();
  await openPayments(page);
  await expect(page.getByRole('table', { name: 'Payment history' }).getByRole('row').filter({ hasText: 'Auto-debit' }).first()).toBeVisible();
});

test('a payroll remittance file imported by a servicer and posted; an unmatched line resolved from suspense', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Remittances are matched to payroll (split direct deposit / allotment) loans only.
  const borrower = await fundedBorrower(request, 'payroll');
  // A payday on or after the disbursement (a remittance dated before it goes to suspense): move the clock there.
  const payDate = await advanceClockTo(request, borrower.effectiveDate);
  await staffSignIn(page, 'servicer@payrail.test');
  await page.goto('/backoffice/servicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Servicing' })).toBeVisible();
  await expectAccessible(page);
  // Line 1 names the loan; line 2 a borrower the servicer does not know, so it goes to suspense.
  const unknown = `UNKNOWN-${borrower.id}`;
  const csv = `employer,pay_date,borrower_identifier,amount\nDepartment of Veterans Affairs,${payDate},${borrower.identifier},75.00\nDepartment of Veterans Affairs,${payDate},${unknown},20.00\n`;
  await page.getByLabel('Remittance file (CSV)').setInputFiles({ name: `payday-${borrower.id}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import and post' }).click();
  await expect(page.getByText('Imported 2 lines ($95.00): 1 posted, 1 in suspense.')).toBeVisible();
  const suspense = page.getByRole('table', { name: 'Remittance lines in suspense' });
  const row = suspense.getByRole('row').filter({ hasText: unknown });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Assign line/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Post this line to a loan?' });
  await dialog.getByRole('textbox', { name: /Loan number/ }).fill(String(borrower.loanId));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Post payment' }).click();
  await expect(page.getByText(`posted to loan #${borrower.loanId}.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  const payments = (await apiGet(request, borrower.token, `/loans/history/payments?loan_id=${borrower.loanId}`)) as {
    payments: { amount: number; source: string }[];
  };
  const remitted = payments.payments
    .filter((p) => p.source === 'payroll_remittance')
    .map((p) => p.amount)
    .sort((a, b) => a - b);
  expect(remitted, JSON.stringify(payments)).toEqual([2000, 7500]);
  await page.goto(`/backoffice/loans/${borrower.loanId}`);
  await expect(
    page
      .getByRole('table', { name: `Ledger of loan ${borrower.identifier}` })
      .getByRole('row')
      .filter({ hasText: 'Payroll remittance' }),
  ).toHaveCount(2);
  await expectAccessible(page);
});
