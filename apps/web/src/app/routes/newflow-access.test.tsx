import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { captchaOk, navigationStackHandler, sessionAnswer, statesHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { NF } from '../../../test/newflow-fixtures';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const purposes = () =>
  http.get(api('/loan_purposes'), () =>
    HttpResponse.json(
      ['Major Purchase', 'Debit Consolidation', 'Home Improvements', 'Payoff Credit Cards', 'Emergency Cash', 'Rental Deposits', 'Vacations', 'Other'].map(
        (name, index) => ({ id: index + 1, name }),
      ),
    ),
  );

describe('new-flow sign-in (e-mail step, then password step)', () => {
  const precheck = (status: number, data: string) => http.post(api('/email'), () => HttpResponse.json({ data }, { status }));

  it('200 moves to the password step; the password signs in and continues from the stack', async () => {
    server.use(
      precheck(200, 'password'),
      captchaOk(),
      http.post(api('/login'), () =>
        HttpResponse.json(
          {
            data: {
              id: 7,
              email: 'ana@example.com',
              workflow_status: 'loan_offer',
              loan_type: 'new',
              feedback_rating: false,
              refinancing: false,
              new_flow: true,
              avatar: null,
              loan_borrower: { first_name: 'Ana', last_name: 'Lima', employer_id: null, refer_code: null, referred_by: null, state_id: 8 },
            },
          },
          { headers: { authorization: 'tok' } },
        ),
      ),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'loan_offer' }))),
      navigationStackHandler('loan_offer', ['job_info', 'loan_offer']),
      http.get(api('/applicationflow/application_step/loan_offer'), () => HttpResponse.json({ error: 'not in this test' }, { status: 500 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signin`);
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    for (const link of screen.getAllByRole('link', { name: 'Check Your Rate' })) expect(link).toHaveAttribute('href', `${NF}/signup`);
    expect(screen.getByRole('link', { name: 'Forgot your Password?' })).toHaveAttribute('href', `${NF}/reset_password`);
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    expect(await screen.findByText('ana@example.com', { selector: 'strong' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/loan_offer`));
    expect(sessionStore.getState().user?.new_flow).toBe(true);
  });

  it('202 unconfirmed goes to verify_email with the e-mail kept', async () => {
    server.use(precheck(202, 'unconfirmed'));
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/verify_email`));
    expect(sessionStore.getState().pendingEmail).toBe('ana@example.com');
  });

  it('202 otherwise goes to already_started', async () => {
    server.use(precheck(202, 'already_started'));
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/already_started`));
    expect(await screen.findByRole('heading', { level: 1, name: 'You already started an application' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com', { selector: 'strong' })).toBeInTheDocument();
  });

  it('ignores a failing pre-check and asks for the password', async () => {
    server.use(http.post(api('/email'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('hides the breadcrumb on sign-in', async () => {
    renderRoute(`${NF}/signin`);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
  });
});

describe('new-flow verify_email', () => {
  it('a wrong code says "Invalid code please try again"', async () => {
    server.use(http.get(api('/confirmation'), () => HttpResponse.json({ errors: { confirmation_token: ['is invalid'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute(`${NF}/verify_email`);
    await user.type(await screen.findByLabelText('Confirmation code'), 'abcde');
    expect(screen.getByLabelText('Confirmation code')).toHaveValue('ABCDE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.newFlowInvalidCode)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', `${NF}/signin`);
  });

  it('a right code opens job_info and marks the account as a new-flow one', async () => {
    server.use(
      http.get(api('/confirmation'), () =>
        HttpResponse.json({ email: 'ana@example.com', workflow_status: 'job_info' }, { headers: { authorization: 'fresh' } }),
      ),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'job_info' }))),
      navigationStackHandler('job_info'),
      http.get(api('/applicationflow/application_step/job_info'), () => HttpResponse.json({ error: 'not in this test' }, { status: 500 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/verify_email`);
    await user.type(await screen.findByLabelText('Confirmation code'), 'K7P2QX');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/job_info`));
    expect(sessionStore.getState().user?.new_flow).toBe(true);
  });
});

describe('Check Your Rate (new-flow sign-up)', () => {
  it('sends the loan in cents with new_flow true and no password, then verify_email', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      purposes(),
      statesHandler(),
      captchaOk(),
      http.post(api('/signup'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 9, email: 'ana@example.com' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signup`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Rate' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Application steps' })).toHaveTextContent('Loan Information');
    const amount = screen.getByLabelText('How much do you need?');
    expect(amount).toHaveAccessibleDescription(/In dollars, from \$500 to \$10,000\./);
    await user.type(amount, '60000');
    await user.tab();
    expect(amount).toHaveAccessibleDescription(/Enter a whole amount from \$500 to \$10,000\./);
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    // 4 purposes per page.
    expect(await screen.findAllByRole('radio', { name: /Purchase|Consolidation|Improvements|Credit Cards/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'More purposes' }));
    await user.click(screen.getByRole('radio', { name: 'Vacations' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('$2,500')).toBeInTheDocument(); // the loan chosen, as it was asked: whole dollars
    await user.selectOptions(await screen.findByLabelText('State of residence'), 'Delaware');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const submit = await screen.findByRole('button', { name: 'Check Your Rate' });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Referral code/), 'AB');
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(/Referral code/));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/verify_email`));
    expect(body).toMatchObject({
      application_member: { email: 'ana@example.com' },
      loan: { amount: 250_000, payment_frequency: 'weekly', loan_purpose_name: 'Vacations' },
      new_flow: true,
      loan_borrower: { state_id: 8 },
    });
    // The terms checkbox covers five documents: each is sent, so the server records each consent.
    expect(body).toMatchObject({
      agreements: {
        privacy_notice: true,
        consent_eletronic_comunications: true,
        consent_text_messaging: true,
        auto_debit_disclosure: true,
        terms_of_use: true,
      },
    });
    expect((body as unknown as { application_member: Record<string, unknown> }).application_member).not.toHaveProperty('password');
    expect(sessionStore.getState().pendingEmail).toBe('ana@example.com');
  }, 20_000);
});
