import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/access';
import { REFERENCES, borrowerAt, uniqueSsn } from '../support/classic';
import type { Borrower } from '../support/classic';

/** About yourself (classic-application-flow.md §2, §5, §7, §8) through the screen, with the US address autocomplete. */

/** Signs in through the sign-in screen (its submit is "Continue"; the shared helper's /sign in/i is the Google button). */
async function signInThroughUi(page: Page, borrower: Pick<Borrower, 'email' | 'password'>, expectPath: RegExp): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(borrower.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(expectPath);
}

/** Types into a masked field key by key, as a person does (the mask formats as it goes). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

test.describe('about yourself', () => {
  test('a fresh borrower answers every field, sees the rules and the lead dialog, and continues to the employer page', async ({ page, request }) => {
    test.setTimeout(180_000);
    const borrower = await borrowerAt(request, 'about_yourself');
    await signInThroughUi(page, borrower, /\/application\/about_yourself$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Yourself' })).toBeVisible();

    // The education program asks first: the agreement plus one-letter initials.
    const education = page.getByRole('dialog', { name: 'Financial education program' });
    await expect(education).toBeVisible();
    await expectAccessible(page);
    const agree = education.getByRole('button', { name: 'I agree' });
    await expect(agree).toBeDisabled();
    await education.getByRole('checkbox').check();
    await education.getByLabel('First name initial').fill('J');
    await education.getByLabel('Last name initial').fill('R');
    await agree.click();
    await expect(education).toBeHidden();
    await expectAccessible(page);

    // Continue is disabled with a reason: the hint tied to it names what is missing.
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await expect(next).toHaveAccessibleDescription(/^Still needed: .*Date of birth \(MM\/DD\/YYYY\).*References/);

    await page.getByLabel('First name', { exact: true }).fill(borrower.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(borrower.lastName);

    // Date of birth: an under-18 date is refused with the spec's text, then a real one.
    const year = new Date().getFullYear() - 10;
    await typeInto(page, 'Date of birth', `0101${year}`);
    await expect(page.getByText('Unfortunately, you need to be of legal age.').first()).toBeVisible();
    await typeInto(page, 'Date of birth', '04121986');
    await expect(page.getByLabel('Date of birth', { exact: true })).toHaveValue('04/12/1986');
    await expect(page.getByLabel('Date of birth', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

    // SSN: the rules on nine digits, the confirmation must match.
    const ssn = uniqueSsn();
    await typeInto(page, 'Social security number', '000123456');
    await expect(page.getByText('social security number is invalid.')).toBeVisible();
    await typeInto(page, 'Social security number', ssn.replace(/-/g, ''));
    await expect(page.getByText('social security number is invalid.')).toBeHidden();
    await typeInto(page, 'Confirm social security number', '123456789');
    await expect(page.getByText('SSN confirmation does not match')).toBeVisible();
    await typeInto(page, 'Confirm social security number', ssn.replace(/-/g, ''));
    await expect(page.getByText('SSN confirmation does not match')).toBeHidden();

    await page.getByLabel('Driver license number').fill('T12345678');
    await page.getByLabel('Driver license state').selectOption({ label: 'Texas' });
    // Money: five integer digits at most (a sixth is not taken).
    await typeInto(page, 'Annual income', '600000');
    await expect(page.getByLabel('Annual income')).toHaveValue('$60,000');
    await typeInto(page, 'Annual household income', '75000');
    await page.getByLabel('Loan purpose').selectOption({ index: 2 });

    // A state Payrail does not lend in: the message and the lead-capture dialog.
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Arkansas' });
    const lead = page.getByRole('dialog', { name: 'We are not working with this State yet!' });
    await expect(lead).toBeVisible();
    await expect(page.getByText('We are not working with this State yet!').first()).toBeVisible();
    await expectAccessible(page);
    await lead.getByLabel('E-mail address').fill('');
    await lead.getByRole('button', { name: 'Subscribe' }).click();
    await expect(lead.getByText("E-mail Address can't be blank")).toBeVisible();
    await lead.getByRole('button', { name: 'Cancel' }).click();
    await expect(lead).toBeHidden();

    // The address autocomplete fills address, city, state and ZIP.
    const address = page.getByRole('combobox', { name: 'Address' });
    await address.pressSequentially('1100 Congress');
    await page.getByRole('option', { name: '1100 Congress Ave, Austin, TX 78701' }).click();
    await expect(address).toHaveValue('1100 Congress Ave');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    await expect(page.getByLabel('ZIP code')).toHaveValue('78701');
    await expect(page.getByLabel('State', { exact: true }).locator('option:checked')).toHaveText('Texas');
    await expect(page.getByText('We are not working with this State yet!')).toHaveCount(0);
    await expect(address).toHaveAttribute('autocomplete', 'off');

    // A server error on a field: a four-digit ZIP is refused by update_field.
    await typeInto(page, 'ZIP code', '7870');
    await expect(page.getByText('is invalid')).toBeVisible();
    await typeInto(page, 'ZIP code', '78701');
    await expect(page.getByText('is invalid')).toBeHidden();
    await page.getByLabel('Unit number').fill('Suite 2');

    await page.getByRole('radio', { name: 'Rent' }).check();
    await typeInto(page, 'Monthly housing payment', '1200');

    for (const [index, reference] of REFERENCES.entries()) {
      const n = index + 1;
      await page.getByLabel(`Reference ${n} first name`).fill(reference.firstName);
      await page.getByLabel(`Reference ${n} last name`).fill(reference.lastName);
      await page.getByLabel(`Reference ${n} relationship`).fill(reference.relationship);
      await page.getByLabel(`Reference ${n} phone`).pressSequentially(reference.phone.replace(/\D/g, ''));
    }

    await expect(next).toBeEnabled({ timeout: 10_000 });
    await expect(next).not.toHaveAttribute('aria-describedby');
    await expect(page.getByRole('status').filter({ hasText: 'All your answers are saved.' })).toBeVisible();
    await expectAccessible(page);

    // The answers are on file: the server shows them back (SSN masked).
    const show = async (field: string) =>
      ((await (await request.get(`/api/about_yourself/show_field/${field}`, { headers: { authorization: borrower.token } })).json()) as { value: unknown })
        .value;
    expect(await show('city')).toBe('Austin');
    expect(await show('social_security_number')).toBe(`xxx-xx-${ssn.slice(-4)}`);
    expect(await show('annual_income')).toBe('60000.00');

    await next.click();
    await expect(page).toHaveURL(/\/application\/employer$/);
  });
});
