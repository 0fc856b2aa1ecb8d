import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CONFIRMATION_SUPERSEDED, CONFIRMATION_SUPERSEDED_HINT } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { agreementHandler, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { atNewflowStep, loanOffer, NF, stepGet } from '../../../test/newflow-fixtures';
import { renderRoute } from '../../../test/render';

const REASON = 'Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high';
const notice = {
  id: 3,
  requested_amount: 200_000,
  offered_amount: 100_000,
  reasons: [REASON],
  credit_score: 615,
  bureau_name: 'Experian',
  text: 'STATEMENT OF ACTION TAKEN\n\nWe cannot offer you the amount you asked for.\n\nNOTICE\n\nThe Federal Equal Credit Opportunity Act prohibits creditors from discriminating',
  sent_at: '2026-11-02T10:00:00.000Z',
  created_at: '2026-11-02T10:00:00.000Z',
};

describe('loan_offer: counteroffer', () => {
  it('says the offers are less than asked, with the principal reasons, the score used and the full notice', async () => {
    atNewflowStep('loan_offer');
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [],
        auto_debit: [loanOffer(100_000, 4500)],
        one_times: [],
        discount_percentage: 0,
        is_split_direct_deposit: false,
        counteroffer: notice,
      }),
      agreementHandler(),
    );
    const user = userEvent.setup();
    renderRoute(`${NF}/loan_offer`);
    const section = await screen.findByRole('region', { name: 'These offers are for less than you asked' });
    expect(section).toHaveTextContent('You asked for $2,000.00. We can offer you up to $1,000.00.');
    expect(within(section).getByRole('listitem')).toHaveTextContent(REASON);
    expect(section).toHaveTextContent(
      'We used your credit score (615) from Experian. You may get a free copy of your credit report from them if you ask within 60 days.',
    );
    // "Every figure is final" is not the lead of a counteroffer.
    expect(screen.queryByText(/Every figure is final/)).not.toBeInTheDocument();
    await user.click(within(section).getByText('Read your notice (we also e-mailed it to you)'));
    expect(within(section).getByRole('region', { name: 'Your notice' })).toHaveTextContent('The Federal Equal Credit Opportunity Act prohibits creditors');
  });

  it('shows no counteroffer notice when the offers are for the amount asked', async () => {
    atNewflowStep('loan_offer');
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [],
        auto_debit: [loanOffer(300_000, 13_500)],
        one_times: [],
        discount_percentage: 0,
        is_split_direct_deposit: false,
      }),
      agreementHandler(),
    );
    renderRoute(`${NF}/loan_offer`);
    expect(await screen.findByText(/Every figure is final/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'These offers are for less than you asked' })).not.toBeInTheDocument();
  });
});

describe('loan_offer: the split-deposit discount banner', () => {
  it('is not shown when no split-deposit offer is listed, even with a program discount', async () => {
    atNewflowStep('loan_offer');
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [],
        auto_debit: [loanOffer(300_000, 13_500)],
        one_times: [loanOffer(200_000, 9_000)],
        discount_percentage: 10,
        is_split_direct_deposit: false,
      }),
      agreementHandler(),
    );
    renderRoute(`${NF}/loan_offer`);
    expect(await screen.findByRole('radiogroup', { name: 'Auto-debit (ACH)' })).toBeInTheDocument();
    expect(screen.queryByText(/lower interest rate/)).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /Split direct deposit/ })).not.toBeInTheDocument();
  });

  it('is shown with the split-deposit offers it applies to', async () => {
    atNewflowStep('loan_offer');
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [loanOffer(300_000, 13_000)],
        auto_debit: [loanOffer(300_000, 13_500)],
        one_times: [],
        discount_percentage: 10,
        is_split_direct_deposit: true,
      }),
      agreementHandler(),
    );
    renderRoute(`${NF}/loan_offer`);
    expect(await screen.findByText('Split direct deposit offers come with a 10.00% lower interest rate.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Split direct deposit (lower interest rate)' })).toBeInTheDocument();
  });
});

describe('ssn: the credit pull authorization', () => {
  it('says that Check my rate authorizes the soft pull and links the Credit Pull Authorization', async () => {
    atNewflowStep('ssn_input');
    server.use(stepGet('ssn_input', {}), agreementHandler());
    renderRoute(`${NF}/ssn`);
    expect(await screen.findByText(/By selecting Check my rate, you authorize .* to obtain your consumer credit report/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credit Pull Authorization (opens in a new window)' })).toBeInTheDocument();
  });
});

describe('already_started: the e-mailed continue link', () => {
  const answer = (status: number, body: Record<string, unknown>) => http.post(api('/email'), () => HttpResponse.json(body, { status }));

  it('says a link was e-mailed, and its main action sends the link again (not a password step)', async () => {
    const bodies: unknown[] = [];
    let calls = 0;
    server.use(
      http.post(api('/email'), async ({ request }) => {
        bodies.push(await request.json());
        calls += 1;
        // 1: the sign-in pre-check; 2: the first resend; 3: the hourly limit.
        return HttpResponse.json(
          { data: 'already_started', has_password: false, continue_link: calls < 3 ? 'sent' : 'limit_reached', link_valid_hours: 72 },
          { status: 202 },
        );
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You already started an application' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${NF}/already_started`);
    expect(screen.getByText(/We e-mailed you a link to continue it\. .* The link works once, for 72 hours\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue my application' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send me the link again' }));
    expect(await screen.findByText('We sent a new link to ana@example.com.')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ email: 'ana@example.com' });
    await user.click(screen.getByRole('button', { name: 'Send me the link again' }));
    expect(await screen.findByText(/You asked for several links in the last hour/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${NF}/already_started`);
  });

  it('opens the password step when the account now has a password', async () => {
    let calls = 0;
    server.use(
      http.post(api('/email'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ data: 'already_started', has_password: false, continue_link: 'sent', link_valid_hours: 72 }, { status: 202 })
          : HttpResponse.json({ data: 'password', has_password: true });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Send me the link again' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${NF}/signin`);
  });

  it('a pre-check that already hit the hourly limit says so at once', async () => {
    server.use(answer(202, { data: 'already_started', has_password: false, continue_link: 'limit_reached', link_valid_hours: 72 }));
    const user = userEvent.setup();
    renderRoute(`${NF}/signin`);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/You asked for several links in the last hour/)).toBeInTheDocument();
  });
});

describe('e-mail confirmation: a code a resend replaced', () => {
  const superseded = () =>
    http.get(api('/confirmation'), () =>
      HttpResponse.json({ errors: { confirmation_token: ['is invalid'] }, reason: CONFIRMATION_SUPERSEDED }, { status: 422 }),
    );

  it('keeps the spec message and adds that a newer code was sent (classic)', async () => {
    server.use(superseded());
    const user = userEvent.setup();
    renderRoute('/email_validation');
    await user.type(await screen.findByLabelText('Confirmation code'), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(`Confirmation token is invalid. ${CONFIRMATION_SUPERSEDED_HINT}`)).toBeInTheDocument();
  });

  it('keeps the new flow message and adds the hint (verify_email)', async () => {
    server.use(superseded());
    const user = userEvent.setup();
    renderRoute(`${NF}/verify_email`);
    await user.type(await screen.findByLabelText('Confirmation code'), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(`${MSG.newFlowInvalidCode} ${CONFIRMATION_SUPERSEDED_HINT}`)).toBeInTheDocument();
  });

  it('a plain wrong code has no hint', async () => {
    server.use(http.get(api('/confirmation'), () => HttpResponse.json({ errors: { confirmation_token: ['is invalid'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/email_validation');
    await user.type(await screen.findByLabelText('Confirmation code'), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirmation token is invalid.')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(CONFIRMATION_SUPERSEDED_HINT))).not.toBeInTheDocument();
  });
});

describe('phone: the resend wait starts with the first send (classic page)', () => {
  it('counts down from the send that opened the code view; a reload of a code sent earlier does not wait', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: null });
    server.use(
      http.post(api('/phones'), () => HttpResponse.json({ number: '+12025550199', confirmed: false, new_status: 'phone_code_sent' }, { status: 201 })),
      agreementHandler(),
    );
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.type(await screen.findByLabelText('Mobile phone number'), '2025550199');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Send|Continue/ }));
    expect(await screen.findByRole('button', { name: /^Resend code in (30|29) s$/ })).toBeDisabled();
  });

  it('a code view shown for a code sent earlier (phone_code_sent on load) lets the applicant ask again at once', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    renderRoute('/phone_verification');
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
  });
});

describe('public access pages redirect a signed-in borrower to their status page (browser Back)', () => {
  it.each([['/signup'], ['/forgot_password'], [`${NF}/signup`], [`${NF}/partner`], [`${NF}/already_started`]])('%s', async (path) => {
    signInAs({ workflow_status: 'about_yourself' });
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
  });

  it('a new-flow applicant goes to their new-flow step', async () => {
    atNewflowStep('loan_offer');
    server.use(stepGet('loan_offer', { split_direct_deposit: [], auto_debit: [], one_times: [], discount_percentage: 0, is_split_direct_deposit: false }));
    const { router } = renderRoute(`${NF}/signup`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/loan_offer`));
  });

  it('a signed-out visitor sees the sign-up form, and a reset link opens whatever the session', async () => {
    const signup = renderRoute('/signup');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(signup.router.state.location.pathname).toBe('/signup');
    signup.unmount();
    signInAs({ workflow_status: 'about_yourself' });
    const { router } = renderRoute('/forgot_password/abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot_password/abc123');
  });
});
