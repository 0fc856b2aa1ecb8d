import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, phoneCode, test, uniquePhoneDigits } from '../support/access';
import { expectAccessible } from '../support/axe';
import {
  apiGet,
  apiPatch,
  apiPost,
  borrowerAt,
  currentStatus,
  HARBOR_POINT,
  pdfFile,
  staffApiToken,
  uploadDocument,
  type Borrower,
  type StaffEmail,
} from '../support/classic';
import { DEMO_PASSWORD } from '../support/staff';

/**
 * The back office's end-to-end staff journey (issue 6): a borrower applies through the classic flow with
 * an employer that is not listed (the automated review refers it to `employer_review`, where a person
 * decides) → the underwriter finds it in the queue and requests a document and a corrected field → the
 * borrower fixes them → the underwriter pre-approves → the borrower chooses how to repay and signs →
 * the underwriter approves → the servicer finds it ready to fund and funds it → the loan exists with its
 * schedule. Staff work in the browser (axe on every staff page); the borrower's part goes over the API.
 */

/** The dev server compiles lazy routes on first visit and a busy machine is slow: patient assertions. */
const expect = baseExpect.configure({ timeout: 20_000 });

const UNLISTED_EMPLOYER = 'Harborview Boatworks';
const CORRECTED_DATE_OF_BIRTH = '05/13/1986';
const FEEDBACK_MESSAGE = 'Please upload your latest pay stub and check your date of birth.';

const pad = (n: number) => String(n).padStart(2, '0');
/** A recent past date as MM/DD/YYYY (the last paycheck of the typed-in employer). */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** The classic flow from the employer step to review, with a typed-in employer (the steps of `borrowerAt`). */
async function borrowerWithUnlistedEmployerAtReview(request: APIRequestContext): Promise<Borrower> {
  const borrower = await borrowerAt(request, 'employer');
  const { token } = borrower;
  const created = (await apiPost(request, token, '/employers', {
    employer: { name: UNLISTED_EMPLOYER, paymentFrequency: 'Bi-weekly', paymentDate: daysAgo(3) },
  })) as { employer_id: number };
  await apiPatch(request, token, '/employer_selected', { loan_borrower: { employer_id: created.employer_id, working_time_range: '3 - 5 years' } });

  const number = `+1${uniquePhoneDigits()}`;
  await apiPost(request, token, '/phones', { phone: { number } });
  await apiPost(request, token, '/phones/verify_phone', { phone: { number, code: await phoneCode(request, number) } });

  await apiGet(request, token, '/loan');
  await apiGet(request, token, '/associate_terms_consent');
  await apiPost(request, token, '/workflow/next_status', { current_status: 'loan_terms' });

  await apiPost(request, token, '/workflow/change_status', { new_status: 'bank_manual_input' });
  await apiPost(request, token, '/bank_informations/update_field', {
    bank_information: { account_type: 'checking', routing_transfer_number: HARBOR_POINT.routing, bank_account_number: '123456789' },
  });
  await uploadDocument(request, token, 'bank_statement');
  await apiGet(request, token, '/bank_informations/verify_manual');
  await apiPost(request, token, '/bank_informations/confirm');
  await apiPost(request, token, '/bank_informations/confirm');

  for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) await uploadDocument(request, token, type);
  await apiPost(request, token, '/workflow/next_status', { current_status: await currentStatus(request, token) });
  // The review's Confirm: the credit pull authorization first (GET /review is refused without it), then the review.
  await apiPost(request, token, '/borrower_agreement_documents?agreement=credit_pull_authorization');
  await apiGet(request, token, '/review');
  return borrower;
}

/** Signs a demo staff member in through the back office's sign-in screen. */
async function staffSignIn(page: Page, email: StaffEmail, expectPath: RegExp): Promise<void> {
  await page.goto('/backoffice/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Back-office sign in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(expectPath);
}

async function staffSignOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/backoffice\/signin$/);
}

/** Reloads the application detail (the borrower acted meanwhile) and waits for it to load again. */
async function reloadDetail(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
}

/** Signs the borrower in through the borrower SPA's sign-in screen (the form's submit reads "Continue"). */
async function borrowerSignIn(page: Page, borrower: Borrower, expectPath: RegExp): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(expectPath);
}

/** Waits until the application detail shows `status` (the page refetches after every action). */
async function expectDetailStatus(page: Page, status: string): Promise<void> {
  await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
}

test('an underwriter reviews, a borrower corrects and signs, a servicer funds: the loan exists with its schedule', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(420_000);

  // ── The borrower applies (classic flow over the API) with an employer that is not listed. ─────────
  const borrower = await borrowerWithUnlistedEmployerAtReview(request);
  expect(await currentStatus(request, borrower.token)).toBe('employer_review');

  // ── The underwriter finds it in the queue. ─────────────────────────────────────────────────────────
  await staffSignIn(page, 'underwriter@payrail.test', /\/backoffice\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('employer_review');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('created_at:desc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=employer_review/);
  const queueRow = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: borrower.email });
  await expect(queueRow).toContainText('Waiting on lender');
  await expect(queueRow).toContainText(UNLISTED_EMPLOYER);
  await expectAccessible(page);
  await queueRow.getByRole('link', { name: 'Jordan Rivera' }).click();

  // ── Opens it and requests a pay stub and a corrected date of birth. ────────────────────────────────
  await expect(page).toHaveURL(new RegExp(`/backoffice/applications/${borrower.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  await expect(page.getByText(`Applicant #${borrower.id}`)).toBeVisible();
  await expectDetailStatus(page, 'Employer review');
  await expect(page.getByRole('region', { name: 'Underwriting decisions' })).toContainText(/refer/i);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Request feedback' }).click();
  const feedback = page.getByRole('dialog', { name: 'Request feedback' });
  await feedback.getByRole('checkbox', { name: 'Date of birth' }).check();
  await feedback.getByRole('checkbox', { name: 'Pay stub' }).check();
  await feedback.getByLabel('Message to the borrower').fill(FEEDBACK_MESSAGE);
  await expectAccessible(page);
  await feedback.getByRole('button', { name: 'Send feedback request' }).click();
  await expect(feedback).toBeHidden();
  await expectDetailStatus(page, 'Feedback sent');
  await expect(page.getByRole('region', { name: 'Feedback requests' })).toContainText('Please upload your latest pay stub');

  // ── The borrower (own browser) fixes them on /feedback and saves. ─────────────────────────────────
  expect(await currentStatus(request, borrower.token)).toBe('feedback_sent');
  const borrowerContext = await browser.newContext({ baseURL, extraHTTPHeaders });
  const bp = await borrowerContext.newPage();
  await borrowerSignIn(bp, borrower, /\/feedback$/);
  await expect(bp.getByRole('heading', { level: 1, name: 'Reviewer feedback' })).toBeVisible();
  await expect(bp.getByText(FEEDBACK_MESSAGE)).toBeVisible();
  const dob = bp.getByLabel(/Date of birth/);
  await dob.fill(CORRECTED_DATE_OF_BIRTH);
  await dob.blur();
  await expect(dob).not.toHaveAttribute('aria-invalid', 'true');
  await bp.locator('[data-document-type="pay_stub"] input[type="file"]').setInputFiles(pdfFile('pay-stub-latest.pdf'));
  await expect(bp.getByRole('list', { name: 'Pay stub: uploaded files' }).getByText('pay-stub-latest.pdf')).toBeVisible();
  const save = bp.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  await expectAccessible(bp);
  await save.click();
  await expect(bp).toHaveURL(/\/$/);
  await expect(bp.getByText('Under Review').first()).toBeVisible();
  expect(await currentStatus(request, borrower.token)).toBe('ready_for_review');

  // ── The underwriter sees the answer and pre-approves (ready_for_review → select_repay_method). ──────
  await reloadDetail(page);
  await expectDetailStatus(page, 'Ready for review');
  await expect(page.getByRole('region', { name: 'Borrower', exact: true })).toContainText(CORRECTED_DATE_OF_BIRTH);
  await expect(page.getByRole('region', { name: 'Feedback requests' })).not.toContainText('Not yet');
  await page.getByRole('combobox', { name: 'Move to status' }).selectOption('select_repay_method');
  await page.getByRole('button', { name: 'Move status' }).click();
  // A status move is asked first (from → to).
  const move = page.getByRole('dialog', { name: 'Move to Select repay method?' });
  await expect(move).toContainText('from Ready for review to Select repay method');
  await expectAccessible(page);
  await move.getByRole('button', { name: 'Move status' }).click();
  await expect(move).toBeHidden();
  await expectDetailStatus(page, 'Select repay method');
  await expectAccessible(page);

  // ── The borrower chooses how to repay and signs the promissory note (in the browser). ─────────────
  expect(await currentStatus(request, borrower.token)).toBe('select_repay_method');
  await bp.goto('/select_repay_method');
  await expect(bp.getByRole('heading', { level: 1, name: 'How would you like to repay?' })).toBeVisible();
  await bp.getByRole('radio', { name: 'Skip – pay online through the portal' }).check();
  await bp.getByRole('button', { name: 'Continue' }).click();
  await expect(bp).toHaveURL(/\/esignature$/);
  await expect(bp.getByRole('heading', { level: 1, name: 'E-signature' })).toBeVisible();
  await expect(bp.getByRole('table', { name: 'Payment schedule' })).toBeVisible();
  // The signature is the borrower's full name, shown; Confirm signs with it.
  await expect(bp.getByTestId('signature-preview')).toHaveText(`${borrower.firstName} ${borrower.lastName}`);
  await bp.locator('#esignature-confirm').click();
  await expect(bp).toHaveURL(/\/$/);
  await expect(bp.getByText('In Analysis').first()).toBeVisible();
  expect(await currentStatus(request, borrower.token)).toBe('application_submitted');
  await borrowerContext.close();

  // ── The underwriter approves. ──────────────────────────────────────────────────────────────────────
  await reloadDetail(page);
  await expectDetailStatus(page, 'Application submitted');
  await expect(page.getByRole('region', { name: 'E-signature' })).toContainText('Signed');
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve the application?' });
  await expectAccessible(page);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expectDetailStatus(page, 'Approved');
  await staffSignOut(page);

  // ── The servicer finds it ready to fund and funds it. ─────────────────────────────────────────────
  await staffSignIn(page, 'servicer@payrail.test', /\/backoffice\/funding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Funding' })).toBeVisible();
  const readyRow = page.getByRole('table', { name: 'Applications ready to fund' }).getByRole('row').filter({ hasText: borrower.email });
  await expect(readyRow).toContainText(`#${borrower.id}`);
  await expectAccessible(page);
  await readyRow.getByRole('link', { name: 'Jordan Rivera' }).click();

  await expect(page).toHaveURL(new RegExp(`/backoffice/applications/${borrower.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reveal SSN' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request feedback' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Fund loan' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund this loan?' });
  await expect(fund).toContainText(`applicant #${borrower.id}`);
  await expectAccessible(page);
  await fund.getByRole('button', { name: 'Fund loan' }).click();
  await expect(fund).toBeHidden();

  // ── The loan exists with its schedule. ─────────────────────────────────────────────────────────────
  const schedule = page.getByRole('table', { name: /^Payment schedule of loan \d{4}-\d{2}-\d{4}$/ });
  await expect(schedule).toBeVisible();
  const identifier = /(\d{4}-\d{2}-\d{4})/.exec((await schedule.locator('caption').textContent()) ?? '')![1]!;
  await expectAccessible(page);

  // It has left the list of applications ready to fund.
  await page.getByRole('link', { name: '← Back to funding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funding' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Applications ready to fund' })).not.toContainText(borrower.email);

  // Over the API: one loan with its installments, and an audit row for every staff action.
  const servicer = await staffApiToken(request, 'servicer@payrail.test');
  const detail = (await (await request.get(`/api/backoffice/applications/${borrower.id}`, { headers: { authorization: servicer } })).json()) as {
    status: string;
    loan: { id: number; identifier: string } | null;
  };
  expect(detail.status).toBe('approved');
  expect(detail.loan?.identifier).toBe(identifier);
  const loan = (await (await request.get(`/api/backoffice/loans/${detail.loan!.id}`, { headers: { authorization: servicer } })).json()) as {
    loan: { user_id: number; status: string; terms: number; total_of_payments: number };
    installments: { n: number; payment: number; balance: number }[];
    disbursements: { status: string }[];
  };
  expect(loan.loan).toMatchObject({ user_id: borrower.id, status: 'opened' });
  expect(loan.installments).toHaveLength(loan.loan.terms);
  expect(loan.installments.reduce((sum, i) => sum + i.payment, 0)).toBe(loan.loan.total_of_payments);
  expect(loan.installments.at(-1)!.balance).toBe(0);
  expect(loan.disbursements).toHaveLength(1);

  const admin = await staffApiToken(request, 'admin@payrail.test');
  const audit = (await (await request.get(`/api/backoffice/audit?user_id=${borrower.id}&per_page=200`, { headers: { authorization: admin } })).json()) as {
    items: { action: string; staff: { role: string } }[];
  };
  const actions = audit.items.map((i) => `${i.staff.role}:${i.action}`).reverse();
  expect(actions).toEqual(['underwriter:send_feedback', 'underwriter:change_status', 'underwriter:approve', 'servicer:fund']);
});
