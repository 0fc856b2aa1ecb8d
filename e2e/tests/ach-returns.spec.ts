import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { advanceClockTo, fundedBorrower, plusDays, servicingOf, staffSignIn } from '../support/servicing';

type Servicing = { ach_entries: { id: number; status: string; amount: number; trace_number: string | null; return_code: string | null }[] };

const alpha = (v: string, w: number) => v.toUpperCase().slice(0, w).padEnd(w, ' ');
const num = (v: number | string, w: number) => String(v).padStart(w, '0');

/** The bank's return file for one of our debits (code 26 + addenda 99), as the ODFI sends it. */
function returnFile(originalTrace: string, amountCents: number, individualId: string, code: string): string {
  const rdfi = '09100001';
  const trace = `${rdfi}0000001`;
  const records = [
    ['1', '01', ' 034821624', ' 091000019', '261127', '0900', 'A', '094', '10', '1', alpha('HARBOR POINT BANK', 23), alpha('RDFI', 23), alpha('', 8)],
    ['5', '225', alpha('PAYRAIL', 16), alpha('', 20), '1234567890', 'PPD', alpha('LOAN PYMT', 10), alpha('', 6), '261127', '   ', '1', rdfi, num(1, 7)],
    ['6', '26', '03482162', '4', alpha('000123456789', 17), num(amountCents, 10), alpha(individualId, 15), alpha('BORROWER', 22), '  ', '1', trace],
    ['7', '99', code, originalTrace, alpha('', 6), rdfi, alpha('', 44), trace],
    ['8', '225', num(2, 6), num(3482162, 10), num(amountCents, 12), num(0, 12), '1234567890', alpha('', 19), alpha('', 6), rdfi, num(1, 7)],
    ['9', num(1, 6), num(1, 6), num(2, 8), num(3482162, 10), num(amountCents, 12), num(0, 12), alpha('', 39)],
  ].map((parts) => parts.join(''));
  return records.join('\r\n') + '\r\n';
}

test("a servicer applies the bank's NACHA return file: the payment is reversed; a re-upload applies nothing", async ({ page, request }) => {
  test.setTimeout(240_000);
  const borrower = await fundedBorrower(request);
  const today = await advanceClockTo(request, borrower.effectiveDate);
  // A one-time ACH payment today; it settles after the return window.
  const paid = await request.post('/api/request_payment', {
    headers: { authorization: borrower.token, 'idempotency-key': `ach-return-journey-${borrower.id}` },
    data: { method: 'ach', mode: 'one_time', loan_id: borrower.loanId, amount: 5_000, scheduling: { instant: true, date: today } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await advanceClockTo(request, plusDays(today, 5));
  const settled = ((await servicingOf(request, borrower.loanId)) as Servicing).ach_entries.find((e) => e.status === 'settled' && e.trace_number);
  expect(settled, 'a settled debit with its trace number').toBeTruthy();
  const file = {
    name: 'RET-20261127.ach',
    mimeType: 'text/plain',
    buffer: Buffer.from(returnFile(settled!.trace_number!, settled!.amount, borrower.identifier, 'R01')),
  };

  await staffSignIn(page, 'servicer@payrail.test');
  await page.goto('/backoffice/servicing');
  const section = page.getByRole('region', { name: 'Apply an ACH return file' });
  await expect(section).toBeVisible();
  await section.getByLabel('Return file from the bank (NACHA)').setInputFiles(file);
  await section.getByRole('button', { name: 'Apply returns' }).click();
  const table = section.getByRole('table', { name: 'Returns in RET-20261127.ach' });
  await expect(table.getByRole('row').nth(1)).toContainText('Applied');
  await expect(table.getByRole('row').nth(1)).toContainText(settled!.trace_number!);
  await expect(table.getByRole('row').nth(1)).toContainText('R01 Insufficient funds');
  await expectAccessible(page);
  await section.screenshot({
    path: process.env['SHOT_DIR'] ? `${process.env['SHOT_DIR']}/ach-returns-applied.png` : test.info().outputPath('ach-returns-applied.png'),
  });

  await section.getByLabel('Return file from the bank (NACHA)').setInputFiles(file);
  await section.getByRole('button', { name: 'Apply returns' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Already applied');
  const after = ((await servicingOf(request, borrower.loanId)) as Servicing).ach_entries.find((e) => e.id === settled!.id);
  expect(after).toMatchObject({ status: 'returned', return_code: 'R01' });
});
