import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MSG } from '@payrail/contract/application';
import type { TEmployerEntrypoint } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { TEmployer } from '@payrail/contract/reference';
import { employerFixture, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { EMPLOYER_NOT_AVAILABLE } from '../../features/employer/components/employer-search';
import { sessionStore } from '../../lib/session-store';

const employerRow = (id: number, name: string, partnership: 'b2b_partner' | null = null): TEmployer =>
  employerFixture({ id, name, logo_link: `/api/employers/${id}/logo.svg`, employer_type: 'private', partnership, payment_type: 'split_direct_deposit' });

const CEDAR = employerRow(31, 'Cedar Health Partners', 'b2b_partner');
const PINECREST = employerRow(32, 'Pinecrest Regional Medical Center');

/** Employed at Pinecrest for 1 - 3 years, saved before. */
const PINECREST_SAVED: Partial<TEmployerEntrypoint> = {
  income_source: 'Employed',
  employer_id: 32,
  employer_obj: { id: 32, name: PINECREST.name, partnership: null },
  working_time_range: '1 - 3 years',
};
const emptyEntrypoint: TEmployerEntrypoint = { employee_id: null, employer_id: null, employer_obj: null, income_source: null, working_time_range: null };

interface Calls {
  searches: string[];
  bodies: { path: string; body: unknown }[];
}

function employerHandlers(options: { entrypoint?: Partial<TEmployerEntrypoint>; military?: boolean | null; employers?: TEmployer[] } = {}): Calls {
  const calls: Calls = { searches: [], bodies: [] };
  const record =
    (path: string, answer: () => Response) =>
    async ({ request }: { request: Request }) => {
      calls.bodies.push({ path, body: await request.json() });
      return answer();
    };
  server.use(
    http.get(api('/employer_entrypoint'), () => HttpResponse.json({ ...emptyEntrypoint, ...options.entrypoint })),
    http.get(api('/about_yourself/show_field/military_active'), () =>
      HttpResponse.json({ field: 'military_active', value: options.military === undefined ? false : options.military }),
    ),
    http.get(api('/employers'), ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      calls.searches.push(search);
      const list = options.employers ?? [CEDAR, PINECREST];
      return HttpResponse.json(list.filter((e) => e.name.toLowerCase().includes(search.toLowerCase())));
    }),
    http.post(
      api('/about_yourself/update_field'),
      record('/about_yourself/update_field', () => HttpResponse.json({ loan_borrower: {} })),
    ),
    http.patch(
      api('/employer_selected'),
      record('/employer_selected', () => HttpResponse.json({ ok: true, new_status: 'phone_verification' })),
    ),
    http.post(
      api('/employers'),
      record('/employers', () => HttpResponse.json({ employer_id: 901 }, { status: 201 })),
    ),
    http.post(
      api('/change_income_source'),
      record('/change_income_source', () => HttpResponse.json({ ok: true, new_status: 'phone_verification' })),
    ),
  );
  return calls;
}

/** The first render loads the lazy page module. */
const SLOW = { timeout: 5000 };

const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const tenureSelect = () => screen.getByLabelText('How long have you been at your current job?');

async function openEmployed() {
  const user = userEvent.setup();
  const view = renderRoute('/application/employer');
  expect(await screen.findByRole('heading', { level: 1, name: 'Employer and Income' }, SLOW)).toBeInTheDocument();
  await user.click(await screen.findByRole('radio', { name: 'Employed' }));
  return { user, ...view };
}

describe('employer and income', () => {
  it('keeps Confirm (id employer-confirm) disabled until a source of income is chosen; shows a Back button', async () => {
    signInAs({ workflow_status: 'employer' });
    employerHandlers();
    renderRoute('/application/employer');
    expect(await screen.findByRole('radio', { name: 'Employed' }, SLOW)).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    expect(confirmButton()).toHaveAttribute('id', 'employer-confirm');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Employment · Payrail'));
  });

  it('searches from the third character, asks the employee id of a partner employer and confirms', async () => {
    signInAs({ workflow_status: 'employer' });
    const calls = employerHandlers();
    const { user, router } = await openEmployed();
    const search = screen.getByLabelText('Search for your employer');
    await user.type(search, 'Ce');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.searches).toEqual([]);
    await user.type(search, 'dar');
    await user.click(await screen.findByRole('button', { name: 'Cedar Health Partners' }));

    expect(screen.getByText('Cedar Health Partners', { selector: 'strong' })).toBeInTheDocument();
    // The result under the focus is gone: the focus moves to the choice that replaced it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change employer' })).toHaveFocus());
    const employeeId = screen.getByLabelText(/Employee ID/);
    expect(employeeId).toHaveAttribute('maxlength', '30');
    await user.selectOptions(tenureSelect(), '3 - 5 years');
    expect(confirmButton()).toBeDisabled();
    expect(confirmButton()).toHaveAccessibleDescription('Enter your employee id.');
    await user.type(employeeId, 'CHP-1');
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(calls.searches).toEqual(['Cedar']);
    expect(calls.bodies).toEqual([
      { path: '/about_yourself/update_field', body: { loan_borrower: { working_time_range: '3 - 5 years' } } },
      {
        path: '/employer_selected',
        body: { loan_borrower: { employer_id: 31, employee_id: 'CHP-1', working_time_range: '3 - 5 years', military_active: false } },
      },
    ]);
    expect(sessionStore.getState().user?.workflow_status).toBe('phone_verification');
    expect(sessionStore.getState().navigationStack.at(-1)).toBe('phone_verification');
  });

  it('shows the employer-not-available text for an empty result and the failure text when the search fails', async () => {
    signInAs({ workflow_status: 'employer' });
    employerHandlers({ employers: [] });
    const { user } = await openEmployed();
    await user.type(screen.getByLabelText('Search for your employer'), 'Nowhere');
    expect(await screen.findByText(EMPLOYER_NOT_AVAILABLE)).toBeInTheDocument();

    server.use(http.get(api('/employers'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    await user.type(screen.getByLabelText('Search for your employer'), 'x');
    expect(await screen.findByText(MSG.employerSearchFailed)).toBeInTheDocument();
  });

  it('"employer not listed" clears the choice, asks name, frequency and last paycheck, creates the employer and selects it', async () => {
    signInAs({ workflow_status: 'employer' });
    const calls = employerHandlers({ entrypoint: PINECREST_SAVED });
    const user = userEvent.setup();
    const { router } = renderRoute('/application/employer');
    expect(await screen.findByText(PINECREST.name, { selector: 'strong' }, SLOW)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'My employer is not listed' }));
    expect(screen.queryByText(PINECREST.name, { selector: 'strong' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search for your employer')).not.toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Employer name'), 'Zzyzx Works');
    await user.selectOptions(screen.getByLabelText('Payment frequency'), 'Bi-weekly');
    expect(confirmButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Date of your last paycheck/), '11142026');
    expect(screen.getByLabelText(/Date of your last paycheck/)).toHaveValue('11/14/2026');
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(calls.bodies).toEqual([
      { path: '/employers', body: { employer: { name: 'Zzyzx Works', paymentFrequency: 'Bi-weekly', paymentDate: '11/14/2026' } } },
      { path: '/employer_selected', body: { loan_borrower: { employer_id: 901, working_time_range: '1 - 3 years', military_active: false } } },
    ]);
  });

  it('"Less than 1 year" shows the program rule once on the field, saves the range, and Confirm gets the server refusal there', async () => {
    signInAs({ workflow_status: 'employer' });
    const calls = employerHandlers({ entrypoint: PINECREST_SAVED });
    const refusal = { errors: { working_time_range: [MSG.tenureTooShort] } };
    server.use(
      http.post(api('/about_yourself/update_field'), async ({ request }) => {
        const body = (await request.json()) as { loan_borrower: Record<string, unknown> };
        calls.bodies.push({ path: '/about_yourself/update_field', body });
        return body.loan_borrower.working_time_range === 'Less than 1 year'
          ? HttpResponse.json(refusal, { status: 422 })
          : HttpResponse.json({ loan_borrower: body.loan_borrower });
      }),
      http.patch(api('/employer_selected'), async ({ request }) => {
        calls.bodies.push({ path: '/employer_selected', body: await request.json() });
        return HttpResponse.json(refusal, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/employer');
    await user.selectOptions(await screen.findByLabelText('How long have you been at your current job?', {}, SLOW), 'Less than 1 year');
    expect(screen.getAllByText(MSG.tenureTooShort)).toHaveLength(1);
    expect(tenureSelect()).toHaveAccessibleDescription(MSG.tenureTooShort);
    expect(confirmButton()).toBeEnabled();
    expect(confirmButton()).not.toHaveAttribute('aria-describedby');
    await waitFor(() =>
      expect(calls.bodies).toEqual([{ path: '/about_yourself/update_field', body: { loan_borrower: { working_time_range: 'Less than 1 year' } } }]),
    );
    expect(screen.getAllByText(MSG.tenureTooShort)).toHaveLength(1);

    await user.click(confirmButton());
    await waitFor(() => expect(calls.bodies.map((c) => c.path)).toContain('/employer_selected'));
    await waitFor(() => expect(confirmButton()).not.toHaveAttribute('aria-disabled'));
    expect(tenureSelect()).toHaveAccessibleDescription(MSG.tenureTooShort);
    expect(router.state.location.pathname).toBe('/application/employer');

    await user.selectOptions(tenureSelect(), '3 - 5 years');
    expect(screen.queryByText(MSG.tenureTooShort)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.bodies.at(-1)).toEqual({ path: '/about_yourself/update_field', body: { loan_borrower: { working_time_range: '3 - 5 years' } } }),
    );
  });

  it('an unanswered active-duty question: Confirm says "can\'t be blank" on it and focuses it; Yes warns and Confirm gets the server refusal', async () => {
    signInAs({ workflow_status: 'employer' });
    const calls = employerHandlers({ military: null, entrypoint: { income_source: 'Retired', working_time_range: 'More than 5 years' } });
    server.use(
      http.post(api('/about_yourself/update_field'), async ({ request }) => {
        const body = (await request.json()) as { loan_borrower: Record<string, unknown> };
        calls.bodies.push({ path: '/about_yourself/update_field', body });
        if (body.loan_borrower.military_active === true)
          return HttpResponse.json({ errors: { military_active: [APPLICATION_MSG.militaryIneligible] } }, { status: 422 });
        return HttpResponse.json({ loan_borrower: body.loan_borrower });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/employer');
    const question = await screen.findByRole('radiogroup', { name: 'Are you an active-duty member of the armed forces?' }, SLOW);
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());
    expect(question).toHaveAccessibleDescription(FIELD_MSG.blank);
    expect(within(question).getByRole('radio', { name: 'No' })).toHaveFocus();
    expect(calls.bodies).toEqual([]);

    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    // The warning under the question, and the server's refusal of the update on the field.
    await waitFor(() => expect(screen.getAllByText(APPLICATION_MSG.militaryIneligible)).toHaveLength(2));
    expect(question).toHaveAccessibleDescription(APPLICATION_MSG.militaryIneligible);
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());
    await waitFor(() => expect(calls.bodies).toHaveLength(2));
    await waitFor(() => expect(question).toHaveAccessibleDescription(APPLICATION_MSG.militaryIneligible));
    expect(calls.bodies.map((c) => c.path)).not.toContain('/change_income_source');
    expect(router.state.location.pathname).toBe('/application/employer');

    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(calls.bodies.at(-1)).toEqual({ path: '/about_yourself/update_field', body: { loan_borrower: { military_active: false } } }));
    expect(screen.queryByText(APPLICATION_MSG.militaryIneligible)).not.toBeInTheDocument();
    expect(question).not.toHaveAccessibleDescription(APPLICATION_MSG.militaryIneligible);
    await user.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(calls.bodies.at(-1)).toEqual({ path: '/change_income_source', body: { income_source: 'Retired', working_time_range: 'More than 5 years' } });
  });

  it('another source posts the income source; the server field error appears on the source', async () => {
    signInAs({ workflow_status: 'employer' });
    const calls = employerHandlers();
    server.use(
      http.post(api('/change_income_source'), async ({ request }) => {
        calls.bodies.push({ path: '/change_income_source', body: await request.json() });
        return HttpResponse.json({ errors: { income_source: ['Income from employment is required.'] } }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/application/employer');
    await user.click(await screen.findByRole('radio', { name: 'Retired' }, SLOW));
    expect(screen.queryByLabelText('Search for your employer')).not.toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await user.selectOptions(tenureSelect(), 'More than 5 years');
    await user.click(confirmButton());
    expect(await screen.findByText('Income from employment is required.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'What is your source of income?' })).toHaveAccessibleDescription('Income from employment is required.');
    expect(calls.bodies).toEqual([
      { path: '/about_yourself/update_field', body: { loan_borrower: { working_time_range: 'More than 5 years' } } },
      { path: '/change_income_source', body: { income_source: 'Retired', working_time_range: 'More than 5 years' } },
    ]);
  });

  it('shows employee_id and employer_id errors of the server on their fields; changing the source clears the employer', async () => {
    signInAs({ workflow_status: 'employer' });
    employerHandlers({
      entrypoint: {
        income_source: 'Employed',
        employer_id: 31,
        employer_obj: { id: 31, name: CEDAR.name, partnership: 'b2b_partner' },
        employee_id: 'X',
        working_time_range: '1 - 3 years',
      },
    });
    server.use(
      http.patch(api('/employer_selected'), () => HttpResponse.json({ errors: { employee_id: ['is invalid'], employer_id: ['not found'] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderRoute('/application/employer');
    expect(await screen.findByLabelText(/Employee ID/, {}, SLOW)).toHaveValue('X');
    await user.click(confirmButton());
    expect(await screen.findByText('is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText(/Employee ID/)).toHaveAccessibleDescription(expect.stringContaining('is invalid'));
    expect(screen.getByText('not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change employer' })).toHaveAccessibleDescription('not found');

    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('radio', { name: 'Employed' }));
    expect(screen.queryByText(CEDAR.name, { selector: 'strong' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Employee ID/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search for your employer')).toHaveValue('');
  });
});
