import { screen, waitFor } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { agreementHandler, navigationStackHandler, sessionAnswer, statesHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { atNewflowStep, loanOffer, NF, stepGet } from '../../../test/newflow-fixtures';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

/** Records every step POST body; answers `answer(body)` (default: moves to `next`). */
function stepPost(next: TWorkflowStatus, bodies: Record<string, unknown>[], answer?: (body: Record<string, unknown>) => Response | undefined) {
  return http.post(api('/applicationflow/application_step'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return answer?.(body) ?? HttpResponse.json({ new_status: next, finalized_application: false });
  });
}

describe('new-flow navigation and shell', () => {
  it('shows the breadcrumb on a step with its current crumb', async () => {
    atNewflowStep('ssn_input');
    renderRoute(`${NF}/ssn`);
    const crumbs = await screen.findByRole('navigation', { name: 'Application steps' });
    expect(crumbs.querySelector('[aria-current="step"]')).toHaveTextContent('Personal Info');
  });

  it('a page of another status sends the applicant to the slug of the current one', async () => {
    atNewflowStep('loan_offer');
    server.use(stepGet('loan_offer', { split_direct_deposit: [], auto_debit: [], one_times: [], discount_percentage: 0, is_split_direct_deposit: false }));
    const { router } = renderRoute(`${NF}/ssn`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/loan_offer`));
  });

  it('/application/newflow continues from the stack; an empty stack with a finalized application goes to its new status', async () => {
    atNewflowStep('phone_validation');
    server.use(
      navigationStackHandler('phone_validation', []),
      stepGet('phone_validation', { number: null, confirmed: false }, { finalized_application: true, new_status: 'application_submitted' }),
    );
    const { router } = renderRoute(NF);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/under_review`));
  });

  it('a 401 reading the stack sends the applicant to the new-flow sign-in', async () => {
    atNewflowStep('job_info');
    server.use(http.get(api('/workflow/navigation_stack'), () => HttpResponse.json({ error: 'expired' }, { status: 401 })));
    const { router } = renderRoute(NF);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/signin`));
    expect(sessionStore.getToken()).toBeNull();
  });
});

describe('ssn', () => {
  it('says "SSN is not valid" and "SSN does not match", and shows the server message for social_security_number', async () => {
    atNewflowStep('ssn_input');
    const bodies: Record<string, unknown>[] = [];
    server.use(stepPost('rate_check', bodies, () => HttpResponse.json({ errors: { social_security_number: ['has already been taken'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute(`${NF}/ssn`);
    const ssn = await screen.findByLabelText('Social Security Number', { selector: 'input' });
    const repeat = screen.getByLabelText('Repeat your Social Security Number');
    const submit = screen.getByRole('button', { name: 'Check my rate' });
    await user.type(ssn, '000123456');
    await user.tab();
    expect(screen.getByText(NEWFLOW_MSG.ssnInvalid)).toBeInTheDocument();
    await user.clear(ssn);
    await user.type(ssn, '123456789');
    await user.type(repeat, '123456780');
    await user.tab();
    expect(screen.getByText(NEWFLOW_MSG.ssnMismatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(repeat);
    await user.type(repeat, '123456789');
    await user.click(submit);
    expect(await screen.findByText('has already been taken')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      workflow_status_key: 'ssn_input',
      loan_borrower: { social_security_number: '123-45-6789', social_security_number_confirmation: '123-45-6789' },
    });
  }, 15_000);
});

describe('select_program and split direct deposit', () => {
  it('auto-submits auto-debit when not qualified for split direct deposit', async () => {
    atNewflowStep('select_program');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('select_program', { qualified_for_split_direct_deposit: false, allow_split_auto: false, discount_percentage: 0 }),
      stepPost('verify_bank_account', bodies),
    );
    const { router } = renderRoute(`${NF}/select_program`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/bank_account`));
    expect(bodies).toEqual([{ workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false }]);
  });

  it('auto-submits the split step when its data returns an error', async () => {
    atNewflowStep('split_direct_deposit');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('split_direct_deposit', {
        qualified_for_split_direct_deposit: true,
        allow_split_auto: false,
        error: 'no pay distribution',
        payroll_link: null,
        payrolls: [],
        allocation_amount: 8500,
        allotment_file: null,
        payroll_portal: null,
      }),
      stepPost('split_direct_deposit_manual', bodies),
    );
    const { router } = renderRoute(`${NF}/split_direct_deposit`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/split_direct_deposit_manual`));
    expect(bodies).toEqual([{ workflow_status_key: 'split_direct_deposit' }]);
  });
});

describe('password_creation', () => {
  it('checks the repeat and shows the server refusal under the referral code', async () => {
    atNewflowStep('password_creation');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('password_creation', { refer_code: null }),
      stepPost('phone_validation', bodies, () => HttpResponse.json({ errors: { refer_code: [NEWFLOW_MSG.referralNotFound] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderRoute(`${NF}/password_creation`);
    await user.type(await screen.findByLabelText('Password'), 'Secret-pass1');
    await user.type(screen.getByLabelText('Repeat password'), 'Secret-pass2');
    expect(await screen.findByText(NEWFLOW_MSG.passwordMismatch)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create my password' });
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Repeat password'));
    await user.type(screen.getByLabelText('Repeat password'), 'Secret-pass1');
    await user.type(screen.getByLabelText(/Referral code/), 'FRIEND1');
    await user.click(submit);
    expect(await screen.findByText(NEWFLOW_MSG.referralNotFound)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      workflow_status_key: 'password_creation',
      loan_borrower: { password: 'Secret-pass1', password_confirm: 'Secret-pass1' },
      refer_code: 'FRIEND1',
    });
  }, 15_000);
});

describe('loan_offer', () => {
  it('shows the three lists with the discount as a lower interest rate and sends {isAutodebit, payment, amount}', async () => {
    atNewflowStep('loan_offer');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [loanOffer(300000, 13000)],
        auto_debit: [loanOffer(300000, 13500)],
        one_times: [loanOffer(200000, 9000)],
        discount_percentage: 2,
        is_split_direct_deposit: true,
      }),
      stepPost('password_creation', bodies),
      agreementHandler(),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/loan_offer`);
    expect(await screen.findByText(/2\.00% lower interest rate/)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Split direct deposit/ })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Auto-debit (ACH)' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'One-time offers' })).toBeInTheDocument();
    // No disclosure consent for a split-deposit offer.
    await user.click(screen.getAllByRole('radio')[0]!);
    expect(screen.queryByRole('checkbox', { name: /Auto Debit Disclosure/ })).not.toBeInTheDocument();
    // An auto-debit offer is the ACH authorization: the disclosure (summary and link) and its consent checkbox.
    await user.click(screen.getAllByRole('radio')[1]!);
    const consent = screen.getByRole('checkbox', { name: 'I have read and accept the Auto Debit Disclosure.' });
    expect(screen.getByRole('link', { name: 'Auto Debit Disclosure (opens in a new window)' })).toBeInTheDocument();
    expect(screen.getByText(/authorize .* to debit the bank account you verified for each scheduled payment/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept this offer' }));
    expect(await screen.findByText(NEWFLOW_MSG.autoDebitDisclosureRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.click(consent);
    expect(screen.queryByText(NEWFLOW_MSG.autoDebitDisclosureRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept this offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/password_creation`));
    expect(bodies[0]).toEqual({
      workflow_status_key: 'loan_offer',
      isAutodebit: true,
      payment: 13500,
      amount: 300000,
      terms: 26,
      auto_debit_disclosure_accepted: true,
    });
  });

  it('sends a split-deposit or one-time offer without the consent, and shows the server refusing the consent on the checkbox', async () => {
    atNewflowStep('loan_offer');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('loan_offer', {
        split_direct_deposit: [],
        auto_debit: [loanOffer(300000, 13500)],
        one_times: [loanOffer(200000, 9000)],
        discount_percentage: 0,
        is_split_direct_deposit: false,
      }),
      stepPost('password_creation', bodies, (body) =>
        body.auto_debit_disclosure_accepted === true
          ? HttpResponse.json({ errors: { auto_debit_disclosure_accepted: [NEWFLOW_MSG.autoDebitDisclosureRequired] } }, { status: 422 })
          : undefined,
      ),
      agreementHandler(),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/loan_offer`);
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(screen.getByRole('checkbox', { name: /Auto Debit Disclosure/ }));
    await user.click(screen.getByRole('button', { name: 'Accept this offer' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Auto Debit Disclosure/ })).toHaveAccessibleDescription(NEWFLOW_MSG.autoDebitDisclosureRequired),
    );
    expect(router.state.location.pathname).toBe(`${NF}/loan_offer`);
    await user.click(screen.getAllByRole('radio')[1]!);
    expect(screen.queryByRole('checkbox', { name: /Auto Debit Disclosure/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept this offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/password_creation`));
    expect(bodies[1]).toEqual({ workflow_status_key: 'loan_offer', isAutodebit: true, payment: 9000, amount: 200000, terms: 26 });
  });
});

describe('employer_info', () => {
  it("lists the server's payroll services, then Other (typed) and Don't know, and sends the one chosen", async () => {
    atNewflowStep('employer_info');
    const bodies: Record<string, unknown>[] = [];
    server.use(stepGet('employer_info', { payroll_services: ['ADP', 'Paychex'] }), stepPost('employer_under_review', bodies), stepGet('under_review', {}));
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/employer_info`);
    const payroll = await screen.findByRole('combobox', { name: /Payroll service/ });
    expect(Array.from((payroll as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Choose one', 'ADP', 'Paychex', 'Other', "Don't know"]);
    expect(screen.queryByLabelText(/Which payroll service/)).toBeNull();
    await user.type(screen.getByLabelText(/Employer name/), 'Acme');
    await user.type(screen.getByLabelText(/First name/), 'Ana');
    await user.type(screen.getByLabelText(/Last name/), 'Lima');
    await user.type(screen.getByLabelText(/Work e-mail/), 'ana@acme.test');
    await user.type(screen.getByLabelText(/^Phone/), '2025550100');
    await user.selectOptions(payroll, 'Paychex');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/under_review`));
    expect(bodies[0]).toMatchObject({ workflow_status_key: 'employer_info', employer: { name: 'Acme', payroll_service: 'Paychex', multiple_paycheck: 'No' } });
  }, 15_000);

  it('Other asks for the payroll service by name and sends the name typed', async () => {
    atNewflowStep('employer_info');
    const bodies: Record<string, unknown>[] = [];
    server.use(stepGet('employer_info', { payroll_services: ['Gusto'] }), stepPost('employer_under_review', bodies), stepGet('under_review', {}));
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/employer_info`);
    const payroll = await screen.findByRole('combobox', { name: /Payroll service/ });
    expect(Array.from((payroll as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Choose one', 'Gusto', 'Other', "Don't know"]);
    await user.type(screen.getByLabelText(/Employer name/), 'Acme');
    await user.type(screen.getByLabelText(/First name/), 'Ana');
    await user.type(screen.getByLabelText(/Last name/), 'Lima');
    await user.type(screen.getByLabelText(/Work e-mail/), 'ana@acme.test');
    await user.type(screen.getByLabelText(/^Phone/), '2025550100');
    await user.selectOptions(payroll, 'Other');
    await user.click(screen.getByRole('radio', { name: "Don't know" }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The name is required once Other is chosen: nothing is sent without it.
    expect(await screen.findByLabelText(/Which payroll service/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText(/Which payroll service/), 'Acme Payroll Co');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/under_review`));
    expect(bodies[0]).toMatchObject({
      workflow_status_key: 'employer_info',
      employer: { payroll_service: 'Acme Payroll Co', multiple_paycheck: "Don't know" },
    });
  }, 15_000);
});

describe('verify_phone', () => {
  it('a 201 flips to code entry; Verify stays disabled under 3 characters', async () => {
    atNewflowStep('phone_validation');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('phone_validation', { number: null, confirmed: false }),
      stepPost('application_submitted', bodies, (body) =>
        (body.phone as { code?: string }).code
          ? undefined
          : HttpResponse.json({ new_status: 'phone_validation', finalized_application: false, code_sent: true }, { status: 201 }),
      ),
      stepGet('under_review', {}),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/verify_phone`);
    await user.type(await screen.findByLabelText('Mobile phone number'), '2025550143');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Send code/ }));
    const code = await screen.findByLabelText('Verification code');
    // The 30 s resend wait runs from the first send (newflow §4), not only after a resend click.
    expect(screen.getByRole('button', { name: /^Resend code in (30|29) s$/ })).toBeDisabled();
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.type(code, '12');
    expect(verify).toBeDisabled();
    await user.type(code, '3');
    expect(verify).toBeEnabled();
    await user.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/under_review`));
    expect(bodies.map((body) => body.phone)).toEqual([
      { number: expect.stringMatching(/2025550143$/) },
      { number: expect.stringMatching(/2025550143$/), code: '123' },
    ]);
  }, 15_000);
});

describe('additional_documents', () => {
  it('enables Continue only when every required document is uploaded', async () => {
    atNewflowStep('additional_documents');
    server.use(
      stepGet('additional_documents', {
        required_documents: ['driver_license', 'selfie_photo'],
        uploaded: [{ file_type: 'driver_license', id: 1, filename: 'dl.png', file_extension: 'image/png' }],
        address: { address: '1 Main St', zip_code: '19901' },
        proof_of_address_max_age_days: 45,
      }),
    );
    renderRoute(`${NF}/additional_documents`);
    expect(await screen.findByText(/Uploaded: dl.png/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText('Still needed: Selfie photo.')).toBeInTheDocument();
  });
});

describe('status pages', () => {
  it('denied lists the adverse-action reasons and tells when the applicant may reapply', async () => {
    atNewflowStep('denied');
    server.use(stepGet('denied', { adverse_action_reasons: ['Delinquent past or present credit obligations'], reapply_date: '2999-01-31' }));
    renderRoute(`${NF}/denied`);
    expect(await screen.findByText('Delinquent past or present credit obligations')).toBeInTheDocument();
    expect(screen.getByText('You can reapply on 01/31/2999.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reapply' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Questions? We are here to help' })).toBeInTheDocument();
  });

  it('dropped offers New Loan, which submits the status itself', async () => {
    atNewflowStep('dropped');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      stepGet('dropped', { adverse_action_reasons: [], reapply_date: null }),
      stepPost('job_info', bodies),
      stepGet('job_info', null, { new_status: 'job_info' }),
      statesHandler(),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/dropped`);
    await user.click(await screen.findByRole('button', { name: 'New Loan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/job_info`));
    expect(bodies).toEqual([{ workflow_status_key: 'dropped' }]);
  });
});

describe('personal_info phone', () => {
  const PERSONAL = {
    first_name: 'Ana',
    middle_initial: null,
    last_name: 'Lima',
    phone: null,
    date_of_birth: '1990-04-12',
    driver_license_number_last4: null,
    driver_license_state_id: 8,
    address: '123 North Main Street',
    unit_number: null,
    city: 'Springfield',
    state_id: 8,
    zip_code: '62701',
    housing_type: null,
    housing_payment: null,
    education_level: null,
  };

  it('uses verify_phone\'s number input: the country picker outside production, "invalid phone" until valid, E.164 sent', async () => {
    atNewflowStep('personal_info');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      statesHandler(),
      stepGet('personal_info', { loan_borrower: PERSONAL, housing_types: [], education_levels: [] }),
      stepPost('personal_info', bodies),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/personal_info`);
    const number = await screen.findByLabelText('Mobile phone');
    await user.type(screen.getByLabelText('Driver licence number'), 'D1234567');
    await user.type(number, '11987654321');
    await user.tab();
    expect(await screen.findByText(MSG.invalidPhone)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(bodies).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Country'), 'BR');
    await waitFor(() => expect(screen.queryByText(MSG.invalidPhone)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0]!.loan_borrower as { phone: string }).phone).toBe('+5511987654321');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/personal_info/rent`));
  });
});

describe('Back link (spec §2 back targets, navigation stack)', () => {
  it('password_creation goes back to loan_offer through the server (go_back), popping the stack', async () => {
    atNewflowStep('password_creation');
    sessionStore.setNavigationStack(['select_program', 'verify_bank_account', 'additional_documents', 'loan_offer', 'password_creation']);
    const changes: unknown[] = [];
    server.use(
      stepGet('password_creation', { refer_code: null }),
      stepGet('loan_offer', { split_direct_deposit: [], auto_debit: [], one_times: [], discount_percentage: 0, is_split_direct_deposit: false }),
      http.post(api('/workflow/change_status'), async ({ request }) => {
        changes.push(await request.json());
        // The server moved back: the session check answers the new status from now on.
        server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'loan_offer', new_flow: true }))));
        return HttpResponse.json({ new_status: 'loan_offer', workflow_status: { next_status: 'password_creation' } });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/password_creation`);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/loan_offer`));
    expect(changes).toEqual([{ new_status: 'loan_offer' }]);
    expect(sessionStore.getState().navigationStack).toEqual(['select_program', 'verify_bank_account', 'additional_documents', 'loan_offer']);
    expect(sessionStore.getState().user?.workflow_status).toBe('loan_offer');
  });

  it('shows no Back link where the previous page is not a back target, and the housing sub-step goes back to personal_info', async () => {
    atNewflowStep('additional_documents');
    sessionStore.setNavigationStack(['select_program', 'additional_documents']);
    server.use(stepGet('additional_documents', { required_documents: [], uploaded: [], address: null, proof_of_address_max_age_days: 45 }));
    const first = renderRoute(`${NF}/additional_documents`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
    first.unmount();

    atNewflowStep('personal_info');
    sessionStore.setNavigationStack(['job_info', 'verify_employer', 'personal_info']);
    server.use(
      stepGet('personal_info', {
        loan_borrower: {
          first_name: 'Ana',
          middle_initial: null,
          last_name: 'Lima',
          phone: null,
          date_of_birth: null,
          driver_license_number_last4: null,
          driver_license_state_id: null,
          address: null,
          unit_number: null,
          city: null,
          state_id: null,
          zip_code: null,
          housing_type: null,
          housing_payment: null,
          education_level: null,
        },
        housing_types: [],
        education_levels: [],
      }),
      statesHandler(),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`${NF}/personal_info/rent`);
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/personal_info`));
  });
});
