import { expectAccessible } from '../support/axe';
import { expect, test, uniqueEmail } from '../support/access';
import { NF, checkYourRate, decliningSsn, enterSsn, jobInfo, linkPayroll, personalInfo, screenshot } from '../support/newflow';

/** Journey (5): the bureau declines at the rate check; the denied page lists the adverse-action reasons. */
test('new flow: declined at the rate check with the adverse-action reasons', async ({ page, request }) => {
  test.setTimeout(180_000);
  await checkYourRate(page, request);
  await jobInfo(page, 'Pinecrest Regional', 'Pinecrest Regional Medical Center');
  await linkPayroll(page);
  await personalInfo(page);
  await enterSsn(page, decliningSsn());
  await expect(page).toHaveURL(new RegExp(`${NF}/denied$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan was not approved' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Principal reasons' })).toBeVisible();
  await expect(page.locator('#reasons-title + ul li').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Questions? We are here to help' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'denied');
});

/** Journey (6): the sign-in pre-check: 202 unconfirmed → verify_email; 202 in progress → already_started. */
test('new-flow sign-in: an unconfirmed e-mail goes to verify_email, an application in progress to already_started', async ({ page, request }) => {
  test.setTimeout(120_000);
  // An account that never confirmed its e-mail.
  const unconfirmed = uniqueEmail('nf-unconfirmed');
  const signup = await request.post('/api/signup', {
    data: {
      application_member: { email: unconfirmed },
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: 8 },
      loan: { amount: 200_000, payment_frequency: 'monthly', loan_purpose_name: 'Other' },
      new_flow: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto(`${NF}/signin`);
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(unconfirmed);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/verify_email$`));
  await expect(page.getByText(unconfirmed)).toBeVisible();
  await page.getByLabel('Confirmation code').fill('ZZZZZ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid code please try again')).toBeVisible();
  await expectAccessible(page);

  // A confirmed account whose application is in progress (no password yet).
  const started = await checkYourRate(page, request);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(`${NF}/signin`);
  await page.getByLabel('Email').fill(started);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${NF}/already_started$`));
  await expect(page.getByRole('heading', { level: 1, name: 'You already started an application' })).toBeVisible();
  // It says a link to continue was e-mailed; its main action sends it again (no password step for a passwordless applicant).
  await expect(page.getByText(/We e-mailed you a link to continue it\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue my application' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send me the link again' }).click();
  await expect(page.getByText(`We sent a new link to ${started}.`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'already-started');
});
