import { screen, waitFor, within } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MSG } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { IsoDate } from '@payrail/domain/dates';
import { sessionAnswer, signInAs, statesHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { bankOnFile } from '../../../test/application-fixtures';
import { notify } from '@payrail/ui/toast/notify';
import { FEEDBACK_TEXT } from '../../features/feedback/components/feedback-page';
import {
  SSN_CONFIRMATION_INCOMPLETE,
  feedbackBody,
  groupsOf,
  initialValues,
  inputKeyOf,
  labelOf,
  moneyText,
  validate,
} from '../../features/feedback/lib/feedback-form';
import { sessionStore } from '../../lib/session-store';

const payStub = { id: 31, file_name: 'pay-stub.pdf', file_url: '/api/documents/31', file_size: 1200, file_extension: 'pdf' as const };

function feedbackAnswer(overrides: Partial<TFeedbackResponse['fields']> = {}, allotment = false): TFeedbackResponse {
  return {
    message: 'Please fix your address and date of birth and send a recent pay stub.',
    fields: {
      loan_borrower: {
        address: { address: '1 Rodney Square', unit_number: 'Apt 4', zip_code: '19801', city: 'Wilmington', state_id: 8 },
        date_of_birth: '04/12/1986',
      },
      documents: { pay_stub: [] },
      bank_information: null,
      ...overrides,
    },
    allotment,
  };
}

function feedbackHandlers(answer: TFeedbackResponse, options: { stored?: (typeof payStub)[]; put?: () => Response } = {}) {
  const calls: { path: string; body: unknown }[] = [];
  let answeredStatus: TWorkflowStatus | null = null;
  server.use(
    // The session check (Home asks it after Save) follows the answer, as the server does.
    http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: answeredStatus ?? 'feedback_sent' }))),
    statesHandler(),
    http.get(api('/feedback'), () => HttpResponse.json(answer)),
    http.get(api('/documents'), () => HttpResponse.json((options.stored ?? []).map((d) => ({ ...d, document_type_name: 'pay_stub' })))),
    http.post(api('/bank_informations/update_field'), async ({ request }) => {
      calls.push({ path: '/bank_informations/update_field', body: await request.json() });
      return HttpResponse.json({
        ok: true,
        bank_information: {
          id: 1,
          account_type: 'savings',
          routing_transfer_number: '034821624',
          bank_account_number: '*****4321',
          bank_name: 'HARBOR POINT BANK, N.A.',
          logo: null,
          source: 'manual',
          verified_at: null,
          statement_document_id: null,
        },
      });
    }),
    http.get(api('/bank_informations'), () => HttpResponse.json(bankOnFile())),
    http.put(api('/feedback'), async ({ request }) => {
      calls.push({ path: '/feedback', body: await request.json() });
      const put = options.put?.();
      if (put) return put;
      answeredStatus = 'ready_for_review';
      return HttpResponse.json({ ok: true, new_status: 'ready_for_review' });
    }),
  );
  return calls;
}

const pageShown = () => screen.findByRole('heading', { level: 1, name: 'Reviewer feedback' }, { timeout: 10_000 });

describe('reviewer feedback page', { timeout: 30_000 }, () => {
  it('shows the message and the flagged fields; Save waits for a new file of every requested type', async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    feedbackHandlers(feedbackAnswer(), { stored: [payStub] });
    renderRoute('/feedback');
    await pageShown();
    expect(await screen.findByText('Please fix your address and date of birth and send a recent pay stub.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('1 Rodney Square');
    expect(screen.getByLabelText(/Zip code/)).toHaveValue('19801');
    expect(await screen.findByRole('option', { name: 'Delaware' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('04/12/1986');
    // The stored pay stub predates the request: it does not count.
    expect(await screen.findByText('pay-stub.pdf')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // Why Save is disabled is said next to it and tied to it (WCAG 3.3.1).
    expect(save).toHaveAccessibleDescription(/To save, correct or complete:\s*Pay stub: upload a new file/);
  });

  it('applies the date-of-birth rules and saves through PUT /feedback, then goes home with "updated"', async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    const calls = feedbackHandlers(feedbackAnswer({ documents: { pay_stub: [payStub] } }), { stored: [payStub] });
    const user = userEvent.setup();
    const { router } = renderRoute('/feedback');
    await pageShown();
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await screen.findByRole('option', { name: 'Delaware' });
    await waitFor(() => expect(save).toBeEnabled());

    const dob = screen.getByLabelText(/Date of birth/);
    await user.clear(dob);
    await user.type(dob, '13011990');
    await user.tab();
    await waitFor(() => expect(dob).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(MSG.dobMonthInvalid).length).toBeGreaterThan(0);
    expect(notify.list()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'warning', message: MSG.dobMonthInvalid })]));
    expect(save).toBeDisabled();
    await user.clear(dob);
    await user.type(dob, '05202015');
    expect(await screen.findByText(MSG.underLegalAge)).toBeInTheDocument();
    await user.clear(dob);
    await user.type(dob, '05201985');
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '1201 N Market St');
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([
      {
        path: '/feedback',
        body: {
          loan_borrower: {
            address: { address: '1201 N Market St', unit_number: 'Apt 4', zip_code: '19801', city: 'Wilmington', state_id: 8 },
            date_of_birth: '05/20/1985',
          },
        },
      },
    ]);
    expect(sessionStore.getState().user?.workflow_status).toBe('ready_for_review');
    expect(notify.list()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'success', message: MSG.feedbackUpdated })]));
  });

  it("puts the server's field errors on their fields", async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    feedbackHandlers(feedbackAnswer({ documents: {} }), {
      put: () => HttpResponse.json({ errors: { zip_code: ['is invalid'] } }, { status: 422 }) as Response,
    });
    const user = userEvent.setup();
    renderRoute('/feedback');
    await pageShown();
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await screen.findByRole('option', { name: 'Delaware' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText(/Zip code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(FEEDBACK_TEXT.fixFields)).toBeInTheDocument();
  });

  it('asks the SSN twice, the references and the bank account; bank data goes through the banking call first', async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    const answer = feedbackAnswer({
      loan_borrower: {
        social_security_number: 'xxx-xx-1234',
        military_active: false,
        user_references: [
          { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '(202) 555-0187' },
          { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '' },
        ],
      },
      documents: {},
      bank_information: {},
    });
    const calls = feedbackHandlers(answer, { put: () => HttpResponse.json({ ok: true, new_status: 'ready_for_review' }) });
    const user = userEvent.setup();
    renderRoute('/feedback');
    await pageShown();
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    expect(save).toBeDisabled();
    // Nothing typed yet: the blank flagged fields are listed by Save straight away.
    expect(save).toHaveAccessibleDescription(/Social security number: can't be blank/);
    expect(save).toHaveAccessibleDescription(/Confirm social security number: can't be blank/);
    expect(save).toHaveAccessibleDescription(/Reference 2 phone: can't be blank/);
    await user.type(screen.getByLabelText('Social security number'), '123456789');
    const confirmation = screen.getByLabelText(/Confirm social security number/);
    // Paste and drop are blocked in the confirmation.
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    confirmation.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    confirmation.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    // Checked only once nine digits are typed, and then at once (no blur needed).
    await user.type(confirmation, '12345678');
    expect(screen.queryByText(MSG.ssnConfirmationMismatch)).not.toBeInTheDocument();
    expect(confirmation).not.toHaveAttribute('aria-invalid');
    expect(save).toHaveAccessibleDescription(new RegExp(`Confirm social security number: ${SSN_CONFIRMATION_INCOMPLETE}`));
    await user.type(confirmation, '0');
    expect(await screen.findByText(MSG.ssnConfirmationMismatch)).toBeInTheDocument();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await user.clear(confirmation);
    await user.type(confirmation, '123456789');
    expect(screen.queryByText(MSG.ssnConfirmationMismatch)).not.toBeInTheDocument();
    const phones = screen.getAllByLabelText('Phone');
    await user.type(phones[1] as HTMLElement, '2025550199');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText(APPLICATION_MSG.militaryIneligible)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '987654321');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toEqual({
      path: '/bank_informations/update_field',
      body: { bank_information: { account_type: 'savings', routing_transfer_number: '034821624', bank_account_number: '987654321' } },
    });
    expect(calls[1]).toEqual({
      path: '/feedback',
      body: {
        loan_borrower: {
          social_security_number: '123-45-6789',
          social_security_number_confirmation: '123-45-6789',
          military_active: false,
          user_references: [
            { firstName: 'Maria', lastName: 'Lopez', relationship: 'Sister', phone: '(202) 555-0187' },
            { firstName: 'Sam', lastName: 'Chen', relationship: 'Coworker', phone: '(202) 555-0199' },
          ],
        },
      },
    });
  });

  it('a home state we do not lend in shows the message and opens the lead capture; the driver license state does not', async () => {
    signInAs({ workflow_status: 'feedback_sent', email: 'ana@example.com' });
    feedbackHandlers(feedbackAnswer({ loan_borrower: { state_id: 8, driver_license_state_id: 8 }, documents: {} }));
    const user = userEvent.setup();
    renderRoute('/feedback');
    await pageShown();
    await screen.findAllByRole('option', { name: 'Arkansas' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Driver license state'), '4');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Driver license state'), '8');

    await user.selectOptions(screen.getByLabelText('State'), '4');
    const dialog = await screen.findByRole('dialog', { name: MSG.stateUnavailable });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana Lima');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(MSG.stateUnavailable)).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a saved lead signs the borrower out to /signin', async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    feedbackHandlers(feedbackAnswer({ loan_borrower: { state_id: 8 }, documents: {} }));
    const leads: unknown[] = [];
    server.use(
      http.post(api('/leads'), async ({ request }) => {
        leads.push(await request.json());
        return HttpResponse.json({ id: 1, full_name: 'Ana Lima', email: 'ana@example.com', state_id: 4 }, { status: 201 });
      }),
      http.delete(api('/logout'), () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/feedback');
    await pageShown();
    await screen.findAllByRole('option', { name: 'Arkansas' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('State'), '4');
    const dialog = await screen.findByRole('dialog', { name: MSG.stateUnavailable });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(leads).toEqual([{ lead: { full_name: 'Ana Lima', email: 'ana@example.com', state_id: 4 } }]);
    expect(notify.list().map((t) => t.message)).toContain(MSG.leadSuccess);
  });

  it('money fields are the kit money field: typed dollars checked by its reader, the amount sent in money format', async () => {
    signInAs({ workflow_status: 'feedback_sent' });
    const calls = feedbackHandlers(feedbackAnswer({ loan_borrower: { annual_income: '45000.00' }, documents: {} }));
    const user = userEvent.setup();
    const { router } = renderRoute('/feedback');
    await pageShown();
    const income = await screen.findByLabelText(/Annual income/, {}, { timeout: 5000 });
    await waitFor(() => expect(income).toHaveValue('45,000.00'));
    expect(income).toHaveAttribute('inputmode', 'decimal');
    await user.clear(income);
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAccessibleDescription(/Annual income: can't be blank/);
    await user.type(income, '123456');
    await user.tab();
    await waitFor(() => expect(income).toHaveAccessibleDescription(/is too long \(maximum is 5 digits\)/));
    await user.clear(income);
    await user.type(income, '$62500.5');
    await waitFor(() => expect(save).toBeEnabled());
    expect(income).not.toHaveAttribute('aria-invalid');
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([{ path: '/feedback', body: { loan_borrower: { annual_income: '62,500.50' } } }]);
  });
});

describe('feedback form rules', () => {
  const ctx = { today: '2026-11-22' as IsoDate, availableStateIds: new Set(['8']), partnerEmployer: false };

  it('groups the flagged fields and builds the wire body', () => {
    const answer = feedbackAnswer({ loan_borrower: { employer_id: 5, employee_id: null, working_time_range: '3 - 5 years', state_id: 4 } });
    expect(groupsOf(answer.fields.loan_borrower).map((g) => g.kind)).toEqual(['employer', 'working_time_range', 'state']);
    const values = initialValues(answer);
    expect(validate(values, ctx)).toEqual({ state_id: MSG.stateUnavailable });
    expect(validate({ ...values, working_time_range: 'Less than 1 year' }, ctx).working_time_range).toBe(MSG.tenureTooShort);
    expect(validate(values, { ...ctx, partnerEmployer: true }).employee_id).toBe("can't be blank");
    expect(feedbackBody(answer, { ...values, state_id: '8', employee_id: ' E-1 ' })).toEqual({
      employer_id: 5,
      employee_id: 'E-1',
      working_time_range: '3 - 5 years',
      state_id: 8,
    });
  });

  it('checks the SSN confirmation only once nine digits are in, and names every input', () => {
    const values = { social_security_number: '123-45-6789', social_security_number_confirmation: '' };
    expect(validate(values, ctx).social_security_number_confirmation).toBe("can't be blank");
    expect(validate({ ...values, social_security_number_confirmation: '123-45-6' }, ctx).social_security_number_confirmation).toBe(SSN_CONFIRMATION_INCOMPLETE);
    expect(validate({ ...values, social_security_number_confirmation: '123-45-6780' }, ctx).social_security_number_confirmation).toBe(
      MSG.ssnConfirmationMismatch,
    );
    expect(validate({ ...values, social_security_number_confirmation: '123-45-6789' }, ctx).social_security_number_confirmation).toBeUndefined();
    expect(validate({ annual_income: '$' }, ctx).annual_income).toBe("can't be blank");
    expect(validate({ annual_income: '$99,999.99' }, ctx).annual_income).toBeUndefined();
    expect(validate({ annual_income: '100,000' }, ctx).annual_income).toBe('is too long (maximum is 5 digits)');
    expect(validate({ annual_income: '12,50' }, ctx).annual_income).toBe('is invalid');
    expect(validate({ annual_income: '1.005' }, ctx).annual_income).toBe('is invalid');
    expect(moneyText('$62500.5')).toBe('62,500.50');
    expect(moneyText('.5')).toBe('0.50');
    expect(labelOf('ref.1.phone')).toBe('Reference 2 phone');
    expect(labelOf('bank.routing_transfer_number')).toBe('Routing number');
    expect(labelOf('state_id')).toBe('State');
  });

  it('maps server keys to inputs', () => {
    expect(inputKeyOf('user_references.1.phone')).toBe('ref.1.phone');
    expect(inputKeyOf('documents.pay_stub')).toBe('documents.pay_stub');
    expect(inputKeyOf('city')).toBe('city');
  });
});
