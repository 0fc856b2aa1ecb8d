import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG, SERVER_MSG } from '@payrail/contract/messages';
import { agreementHandler, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute, renderWithProviders } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { PhoneVerification } from '../../features/phone/components/phone-verification';
import { sessionStore } from '../../lib/session-store';

const sent = (number: string, status = 'phone_code_sent') => HttpResponse.json({ number, confirmed: false, new_status: status }, { status: 201 });

function phoneHandlers() {
  const calls: { path: string; body: unknown }[] = [];
  const record =
    (path: string) =>
    async ({ request }: { request: Request }) => {
      const body = await request.json();
      calls.push({ path, body });
      return body;
    };
  return { calls, record };
}

describe('phone verification: no phone on file', () => {
  it('asks for the number and the text-messaging consent; Send stays disabled until it is ticked', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: null });
    server.use(agreementHandler());
    const user = userEvent.setup();
    renderRoute('/application/phone_verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone Verification' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Phone Verification · Payrail'));
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Consent to Text Messaging (opens in a new window)' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(send).toBeEnabled();
  });

  it("says 'Must be a valid mobile phone number.' for a number that is not one", async () => {
    signInAs({ workflow_status: 'phone_verification', phone: null });
    server.use(agreementHandler());
    const user = userEvent.setup();
    renderRoute('/application/phone_verification');
    await user.type(await screen.findByLabelText('Mobile phone number'), '12345');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MSG.invalidPhone)).toBeInTheDocument();
  });

  it('sends the number (201 flips to the code form showing the formatted number) and verifies the code', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: null });
    const { calls, record } = phoneHandlers();
    server.use(
      agreementHandler(),
      http.post(api('/phones'), async (info) => {
        await record('/phones')(info);
        return sent('+12025550142');
      }),
      http.post(api('/phones/verify_phone'), async (info) => {
        await record('/phones/verify_phone')(info);
        return HttpResponse.json({ number: '+12025550142', confirmed: true, new_status: 'loan_terms' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/phone_verification');
    await user.type(await screen.findByLabelText('Mobile phone number'), '2025550142');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('(202) 555-0142', { selector: 'strong' })).toBeInTheDocument();
    expect(sessionStore.getState().user?.workflow_status).toBe('phone_code_sent');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '12a34567');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.click(verify);

    await waitFor(() => expect(router.state.location.pathname).toBe('/loan_terms'));
    expect(calls).toEqual([
      { path: '/phones', body: { phone: { number: '+12025550142' } } },
      { path: '/phones/verify_phone', body: { phone: { number: '+12025550142', code: '123456' } } },
    ]);
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.phoneVerified })]);
  });

  it('shows the server text with the save error when the number is refused', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: null });
    server.use(
      agreementHandler(),
      http.post(api('/phones'), () => HttpResponse.json({ errors: { phone: [MSG.invalidPhone] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderRoute('/application/phone_verification');
    await user.type(await screen.findByLabelText('Mobile phone number'), '2025550142');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: `${MSG.phoneSaveError}: ${MSG.invalidPhone}` })]));
    expect(screen.getByText(MSG.invalidPhone)).toBeInTheDocument();
  });
});

describe('phone verification: code entry', () => {
  it('opens on the code form in phone_code_sent; code errors show under the code field', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142', phone_confirmed: false });
    server.use(http.post(api('/phones/verify_phone'), () => HttpResponse.json({ errors: { phone: [SERVER_MSG.invalidVerificationCode] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SERVER_MSG.invalidVerificationCode)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(SERVER_MSG.invalidVerificationCode);
  });

  it('reads errors.error when there is no errors.phone', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    server.use(http.post(api('/phones/verify_phone'), () => HttpResponse.json({ error: 'Code not accepted' }, { status: 400 })));
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code not accepted')).toBeInTheDocument();
  });

  it('429 on verify shows the phone error and returns to the number', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    server.use(http.post(api('/phones/verify_phone'), () => HttpResponse.json({ error: SERVER_MSG.tooManyWrongCodes }, { status: 429 })));
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Mobile phone number')).toHaveAccessibleDescription(SERVER_MSG.tooManyWrongCodes);
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: `${MSG.phoneVerifyError}: ${SERVER_MSG.tooManyWrongCodes}` })]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('429 on resend returns to the number too', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    server.use(http.post(api('/phones/resend_verification_code'), () => HttpResponse.json({ error: SERVER_MSG.tooManyCodesSent }, { status: 429 })));
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByLabelText('Mobile phone number')).toHaveAccessibleDescription(SERVER_MSG.tooManyCodesSent);
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: `${MSG.phoneSaveError}: ${SERVER_MSG.tooManyCodesSent}` })]);
  });

  it('disables "resend code" for 30 seconds after a click, counting down every 250 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    let resends = 0;
    server.use(
      http.post(api('/phones/resend_verification_code'), () => {
        resends += 1;
        return HttpResponse.json({ number: '+12025550142', confirmed: false, new_status: 'phone_code_sent' });
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/phone_verification');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    const waiting = await screen.findByRole('button', { name: 'Resend code in 30 s' });
    expect(waiting).toBeDisabled();
    expect(resends).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1250);
    });
    expect(screen.getByRole('button', { name: /^Resend code in 2[89] s$/ })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(screen.getByRole('button', { name: /^Resend code in [89] s$/ })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('"edit mobile number" goes back to the number, filled in', async () => {
    signInAs({ workflow_status: 'phone_code_sent', phone: '+12025550142' });
    const user = userEvent.setup();
    renderRoute('/phone_verification');
    await user.click(await screen.findByRole('button', { name: 'Edit mobile number' }));
    expect(await screen.findByLabelText('Mobile phone number')).toHaveValue('(202) 555-0142');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('phone verification: a phone on file', () => {
  it('an unchanged, verified number moves on to the next page', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: '+12025550142', phone_confirmed: true });
    let body: unknown = null;
    server.use(
      http.post(api('/workflow/next_status'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ new_status: 'loan_terms', workflow_status: { next_status: 'loan_terms' } });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/phone_verification');
    await user.click(await screen.findByRole('button', { name: 'Save and send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan_terms'));
    expect(body).toEqual({ current_status: 'phone_verification' });
  });

  it('an unchanged, unverified number shows the code form without sending', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: '+12025550142', phone_confirmed: false });
    const user = userEvent.setup();
    renderRoute('/application/phone_verification');
    await user.click(await screen.findByRole('button', { name: 'Save and send code' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
  });

  it('a changed number is sent', async () => {
    signInAs({ workflow_status: 'phone_verification', phone: '+12025550142', phone_confirmed: true });
    let body: unknown = null;
    server.use(
      http.post(api('/phones'), async ({ request }) => {
        body = await request.json();
        return sent('+12025550199');
      }),
    );
    const user = userEvent.setup();
    renderRoute('/application/phone_verification');
    const input = await screen.findByLabelText('Mobile phone number');
    await user.clear(input);
    await user.type(input, '2025550199');
    await user.click(screen.getByRole('button', { name: 'Save and send code' }));
    expect(await screen.findByText('(202) 555-0199', { selector: 'strong' })).toBeInTheDocument();
    expect(body).toEqual({ phone: { number: '+12025550199' } });
  });

  it('is not a page for other statuses', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    const { router } = renderRoute('/application/phone_verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan_terms'));
  });
});

/** The US-mode number entry with no phone on file, rendered alone (as in a production build); returns the user. */
function renderUsEntry(onStatusChange: (status: string) => void = vi.fn()) {
  const user = userEvent.setup();
  renderWithProviders(
    <PhoneVerification
      mode="us"
      status="phone_verification"
      phone={null}
      phoneConfirmed={false}
      consentLink={(label) => <a href="/doc">{label}</a>}
      onStatusChange={onStatusChange}
      onVerified={vi.fn()}
      onContinue={vi.fn()}
    />,
  );
  return user;
}

describe('phone number input in production builds', () => {
  it('masks a US number as (###)###-#### and sends it with +1', async () => {
    const onStatusChange = vi.fn();
    let body: unknown = null;
    server.use(
      agreementHandler(),
      http.post(api('/phones'), async ({ request }) => {
        body = await request.json();
        return sent('+14155552671');
      }),
    );
    const user = renderUsEntry(onStatusChange);
    const input = screen.getByLabelText('Mobile phone number');
    await user.type(input, '4155552671');
    expect(input).toHaveValue('(415)555-2671');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(body).toEqual({ phone: { number: '+14155552671' } }));
    expect(onStatusChange).toHaveBeenCalledWith('phone_code_sent');
  });

  it('wants all 10 digits', async () => {
    const user = renderUsEntry();
    await user.type(screen.getByLabelText('Mobile phone number'), '415555');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MSG.invalidPhone)).toBeInTheDocument();
  });
});
