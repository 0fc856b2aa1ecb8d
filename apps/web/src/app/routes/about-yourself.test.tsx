import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { STATES, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { applicantValues } from '../../../test/application-fixtures';
import { notify } from '@payrail/ui/toast/notify';

const COMPLETE = applicantValues({
  annual_income: '60000.00',
  annual_household_income: '75000.00',
  housing_type: 'rent',
  housing_payment: '1200.00',
  loan_purpose_id: 2,
});
const REFS = [
  { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '+12025550187' },
  { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '(202) 555-0199' },
];

type Call = { path: string; body: unknown };

/** The About-yourself server as MSW: show_field from `answers`, update_field recorded (or refused by `refuse`). */
function aboutYourselfServer(
  options: {
    answers?: Record<string, string | number | null>;
    references?: typeof REFS;
    showModal?: boolean;
    refuse?: (body: Record<string, unknown>) => Record<string, string[]> | null;
  } = {},
) {
  const answers = options.answers ?? {};
  const calls: Call[] = [];
  server.use(
    http.get(api('/about_yourself/show_field/:field'), ({ params }) =>
      HttpResponse.json({ field: params.field, value: answers[String(params.field)] ?? null }),
    ),
    http.get(api('/about_yourself/borrower_references'), () => HttpResponse.json({ references: options.references ?? [] })),
    http.get(api('/education_program'), () => HttpResponse.json({ show_modal: options.showModal ?? false })),
    http.get(api('/states'), () => HttpResponse.json([...STATES, { id: 44, name: 'Texas', abbreviation: 'TX', is_available: true }])),
    http.get(api('/loan_purposes'), () =>
      HttpResponse.json([
        { id: 1, name: 'Major Purchase' },
        { id: 2, name: 'Debit Consolidation' },
      ]),
    ),
    http.post(api('/about_yourself/update_field'), async ({ request }) => {
      const body = (await request.json()) as { loan_borrower: Record<string, unknown> };
      calls.push({ path: 'update_field', body: body.loan_borrower });
      const errors = options.refuse?.(body.loan_borrower);
      if (errors) return HttpResponse.json({ errors }, { status: 422 });
      return HttpResponse.json({ loan_borrower: body.loan_borrower });
    }),
    http.post(api('/about_yourself/update_references'), async ({ request }) => {
      const body = (await request.json()) as { references: unknown };
      calls.push({ path: 'update_references', body: body.references });
      return HttpResponse.json(body);
    }),
    http.post(api('/workflow/next_status'), async ({ request }) => {
      calls.push({ path: 'next_status', body: await request.json() });
      return HttpResponse.json({ new_status: 'employer' });
    }),
  );
  return calls;
}

const updates = (calls: Call[]) => calls.filter((c) => c.path === 'update_field').map((c) => c.body);

async function openPage() {
  renderRoute('/application/about_yourself');
  const heading = await screen.findByRole('heading', { level: 1, name: 'About Yourself' }, { timeout: 10_000 });
  await screen.findByLabelText('First name', {}, { timeout: 10_000 });
  return heading;
}

describe('about yourself: loading and continue', () => {
  it('shows the answers on file, never re-sends the masked SSN, and continues to the employer page', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('04/12/1986');
    expect(screen.getByLabelText('Annual income')).toHaveValue('$60,000');
    expect(screen.getByLabelText('Social security number')).toHaveValue('');
    expect(screen.getByText(/on file ends in 6789/)).toBeInTheDocument();
    expect(screen.getByLabelText('Reference 1 phone')).toHaveValue('(202)555-0187');
    const next = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(next);
    await waitFor(() => expect(calls.find((c) => c.path === 'next_status')?.body).toEqual({ current_status: 'about_yourself' }), { timeout: 5000 });
    expect(updates(calls)).toEqual([]);
    expect(calls.filter((c) => c.path === 'update_references')).toEqual([]);
  });

  it('keeps Continue disabled while answers are missing', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    aboutYourselfServer({ answers: { ...COMPLETE, city: null }, references: REFS });
    await openPage();
    await screen.findByLabelText('City');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Still needed: City.');
  });

  it('says what is missing, what to check and that answers are saving', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    aboutYourselfServer({
      answers: { ...COMPLETE, first_name: null, annual_income: null },
      references: [REFS[0]!],
      refuse: (b) => (b.zip_code === '1980' ? { zip_code: ['is invalid'] } : null),
    });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAccessibleDescription('Still needed: First name, Annual income, References (all four answers of both, with a 10-digit phone).');
    await user.type(screen.getByLabelText('ZIP code'), '{Backspace}');
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining('Check: ZIP code.')), { timeout: 5000 });
    await user.type(screen.getByLabelText('First name'), 'Ana');
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Saving your answers…'));
    expect(next).toHaveAccessibleDescription(expect.not.stringContaining('First name'));
  });
});

describe('about yourself: auto-save', () => {
  it('saves a field once after a 500 ms pause and shows the server error on the field', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS, refuse: (b) => (b.zip_code === '1980' ? { zip_code: ['is invalid'] } : null) });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Dover');
    await waitFor(() => expect(updates(calls)).toEqual([{ city: 'Dover' }]), { timeout: 5000 });

    const zip = screen.getByLabelText('ZIP code');
    await user.type(zip, '{Backspace}');
    expect(await screen.findByText('is invalid', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the server\'s "Field\'s rule not found." (access §5) under the field it refused', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    // A server without a rule for the field (e.g. an older server than this page) answers 422 with the spec's text.
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS, refuse: (b) => ('city' in b ? { city: [MSG.fieldRuleNotFound] } : null) });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const city = await screen.findByLabelText('City');
    await user.type(city, 'x');
    expect(await screen.findByText(MSG.fieldRuleNotFound, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(updates(calls)).toHaveLength(1);
  });

  it('warns about an under-age date of birth with a notification and does not save it', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: { ...COMPLETE, date_of_birth: null }, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const year = new Date().getFullYear() - 5;
    await user.type(await screen.findByLabelText('Date of birth'), `0101${year}`);
    await waitFor(() => expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(expect.stringContaining(MSG.underLegalAge)), {
      timeout: 5000,
    });
    expect(notify.list().map((t) => t.message)).toContain(MSG.underLegalAge);
    expect(updates(calls)).toEqual([]);
  });

  it.each([
    ['13/01/1990', MSG.dobMonthInvalid],
    ['01/32/1990', MSG.dobDayInvalid],
    ['01/01/1899', MSG.dobYearInvalid],
  ])('date of birth %s: %s', { timeout: 30_000 }, async (typed, message) => {
    signInAs({ workflow_status: 'about_yourself' });
    aboutYourselfServer({ answers: { ...COMPLETE, date_of_birth: null }, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    await user.type(await screen.findByLabelText('Date of birth'), typed.replace(/\//g, ''));
    await waitFor(() => expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(expect.stringContaining(message)), { timeout: 5000 });
    expect(notify.list().map((t) => t.message)).toContain(message);
  });

  it('checks the SSN and its confirmation once nine digits are typed, blocks paste, then saves both', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: { ...COMPLETE, social_security_number: null }, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const ssn = await screen.findByLabelText('Social security number');
    const confirmation = screen.getByLabelText('Confirm social security number');
    await user.type(ssn, '900123456');
    expect(screen.getByText(MSG.ssnInvalid)).toBeInTheDocument();
    await user.clear(ssn);
    await user.type(ssn, '123456789');
    expect(screen.queryByText(MSG.ssnInvalid)).not.toBeInTheDocument();
    expect(fireEvent.paste(confirmation)).toBe(false);
    await user.type(confirmation, '12345678');
    expect(screen.queryByText(MSG.ssnConfirmationMismatch)).not.toBeInTheDocument();
    await user.type(confirmation, '0');
    expect(screen.getByText(MSG.ssnConfirmationMismatch)).toBeInTheDocument();
    await user.type(confirmation, '{Backspace}9');
    expect(screen.queryByText(MSG.ssnConfirmationMismatch)).not.toBeInTheDocument();
    await waitFor(() => expect(updates(calls)).toEqual([{ social_security_number: '123-45-6789', social_security_number_confirmation: '123-45-6789' }]), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled(), { timeout: 5000 });
  });

  it('saves the references once all four fields of both are filled', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: [] });
    const user = userEvent.setup({ delay: null });
    await openPage();
    for (const [i, r] of REFS.entries()) {
      await user.type(await screen.findByLabelText(`Reference ${i + 1} first name`), r.firstName);
      await user.type(screen.getByLabelText(`Reference ${i + 1} last name`), r.lastName);
      await user.type(screen.getByLabelText(`Reference ${i + 1} relationship`), r.relationship);
      await user.type(screen.getByLabelText(`Reference ${i + 1} phone`), r.phone.replace(/\D/g, '').slice(-10));
    }
    await waitFor(() => expect(calls.filter((c) => c.path === 'update_references')).toHaveLength(1), { timeout: 5000 });
    expect(calls.find((c) => c.path === 'update_references')?.body).toEqual([
      { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '(202)555-0187' },
      { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '(202)555-0199' },
    ]);
  });
});

describe('about yourself: one save at a time', () => {
  it('never sends a field again while its save is in flight, then sends the newest value', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const cities: string[] = [];
    server.use(
      http.post(api('/about_yourself/update_field'), async ({ request }) => {
        const body = (await request.json()) as { loan_borrower: Record<string, unknown> };
        cities.push(String(body.loan_borrower.city));
        if (cities.length === 1) await held;
        return HttpResponse.json({ loan_borrower: body.loan_borrower });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await openPage();
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Dover');
    await waitFor(() => expect(cities).toEqual(['Dover']), { timeout: 5000 });
    await user.type(city, ' Beach');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(cities).toEqual(['Dover']);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    release();
    await waitFor(() => expect(cities).toEqual(['Dover', 'Dover Beach']), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled(), { timeout: 5000 });
    expect(updates(calls)).toEqual([]);
  });

  it('sends the date of birth only once MM/DD/YYYY is complete', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: { ...COMPLETE, date_of_birth: null }, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '0412');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(updates(calls)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription('Still needed: Date of birth (MM/DD/YYYY).');
    await user.type(dob, '1986');
    await waitFor(() => expect(updates(calls)).toEqual([{ date_of_birth: '04/12/1986' }]), { timeout: 5000 });
  });

  it('takes at most five integer digits in the money fields', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: { ...COMPLETE, annual_income: null }, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const income = screen.getByLabelText('Annual income');
    await user.type(income, '1234567');
    expect(income).toHaveValue('$12,345');
    await user.type(income, '.999');
    expect(income).toHaveValue('$12,345.99');
    await waitFor(() => expect(updates(calls)).toEqual([{ annual_income: '$12,345.99' }]), { timeout: 5000 });
  });

  it('waits for a complete reference phone and shows a references error as an alert tied to the fields', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS });
    server.use(
      http.post(api('/about_yourself/update_references'), async ({ request }) => {
        calls.push({ path: 'update_references', body: ((await request.json()) as { references: unknown }).references });
        return HttpResponse.json({ errors: { references: ['must have exactly 2 references'] } }, { status: 422 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await openPage();
    const phone = screen.getByLabelText('Reference 2 phone');
    await user.clear(phone);
    await user.type(phone, '202555');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(calls.filter((c) => c.path === 'update_references')).toEqual([]);
    await user.type(phone, '0100');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('must have exactly 2 references');
    expect(screen.getByLabelText('Reference 1 first name')).toHaveAccessibleDescription('must have exactly 2 references');
    expect(calls.filter((c) => c.path === 'update_references')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription('Check: References.');
  });
});

describe('about yourself: address and state', () => {
  it('fills address, city, state and zip from an autocomplete pick', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: { ...COMPLETE, address: null, city: null, zip_code: null, state_id: null }, references: REFS });
    server.use(
      http.get(api('/addresses/autocomplete'), ({ request }) =>
        HttpResponse.json({
          suggestions: new URL(request.url).searchParams.get('query')?.startsWith('1100')
            ? [{ address: '1100 Congress Ave', unit_number: '', city: 'Austin', state: 'TX', zip_code: '78701' }]
            : [],
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await openPage();
    const address = await screen.findByRole('combobox', { name: 'Address' });
    await user.type(address, '1100 Con');
    await user.click(await screen.findByRole('option', { name: '1100 Congress Ave, Austin, TX 78701' }, { timeout: 5000 }));
    expect(address).toHaveValue('1100 Congress Ave');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('78701');
    expect(screen.getByLabelText('State')).toHaveValue('44');
    await waitFor(
      () =>
        expect(updates(calls)).toEqual(
          expect.arrayContaining([{ address: '1100 Congress Ave' }, { city: 'Austin' }, { zip_code: '78701' }, { state_id: '44' }]),
        ),
      { timeout: 5000 },
    );
    await waitFor(() => expect(address).toHaveAttribute('autocomplete', 'off'), { timeout: 5000 });
  });

  it(
    'an unavailable state shows the message and the lead dialog; a refused lead says "Error on subscribe!", a saved one signs out',
    { timeout: 30_000 },
    async () => {
      signInAs({ workflow_status: 'about_yourself' });
      const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS });
      let leads = 0;
      server.use(
        http.post(api('/leads'), async ({ request }) => {
          leads += 1;
          const body = (await request.json()) as { lead: { email: string } };
          if (body.lead.email === 'taken@example.com') return HttpResponse.json({ errors: { email: ['has already been taken'] } }, { status: 422 });
          return HttpResponse.json({ id: 1, full_name: 'Ana Lima', email: body.lead.email, state_id: 4 }, { status: 201 });
        }),
        http.delete(api('/logout'), () => new HttpResponse(null, { status: 204 })),
      );
      const user = userEvent.setup({ delay: null });
      const { router } = renderRoute('/application/about_yourself');
      await user.selectOptions(await screen.findByLabelText('State', {}, { timeout: 10_000 }), 'Arkansas');
      const dialog = await screen.findByRole('dialog', { name: MSG.stateUnavailable }, { timeout: 5000 });
      expect(within(dialog).getByLabelText('Full name')).toHaveValue('Ana Lima');
      expect(updates(calls)).toEqual([]);

      const email = within(dialog).getByLabelText('E-mail address');
      await user.clear(email);
      await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      expect(within(dialog).getByText(MSG.leadEmailBlank)).toBeInTheDocument();
      await user.type(email, 'taken@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      expect(await within(dialog).findByText('has already been taken', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(notify.list().map((t) => t.message)).toContain(MSG.leadError);

      await user.clear(email);
      await user.type(email, 'ana@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), { timeout: 5000 });
      expect(notify.list().map((t) => t.message)).toContain(MSG.leadSuccess);
      expect(leads).toBe(2);
    },
  );

  it('does not apply the availability rule to the driver license state', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const calls = aboutYourselfServer({ answers: COMPLETE, references: REFS });
    const user = userEvent.setup({ delay: null });
    await openPage();
    await user.selectOptions(await screen.findByLabelText('Driver license state'), 'Arkansas');
    await waitFor(() => expect(updates(calls)).toEqual([{ driver_license_state_id: '4' }]), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('about yourself: education program', () => {
  it('asks for the agreement and one-letter initials, then posts them', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    aboutYourselfServer({ answers: COMPLETE, references: REFS, showModal: true });
    let posted: unknown;
    server.use(
      http.post(api('/education_program'), async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await openPage();
    const dialog = await screen.findByRole('dialog', { name: 'Financial education program' }, { timeout: 5000 });
    const agree = within(dialog).getByRole('button', { name: 'I agree' });
    expect(agree).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.type(within(dialog).getByLabelText('First name initial'), 'AB');
    expect(within(dialog).getByLabelText('First name initial')).toHaveValue('A');
    await user.type(within(dialog).getByLabelText('Last name initial'), 'L');
    await user.click(agree);
    await waitFor(() => expect(posted).toEqual({ initials: { first: 'A', last: 'L' }, agreement: true }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    // Focus is not dropped on the page body: it lands on the form's first field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });
});
