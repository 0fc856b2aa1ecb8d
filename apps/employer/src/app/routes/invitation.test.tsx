import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMPLOYER_INVITATION_EXPIRED } from '@payrail/contract/employer-portal';
import { axeViolations } from '../../../test/axe';
import { HR_ADMIN, portalHandlers } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { employerSession } from '../../lib/employer-session';

// A QR code as the server sends it; the script inside must never run (an <img> does not run SVG script).
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>window.__ran = true</script><rect width="10" height="10"/></svg>';
const CODES = ['AB12CD34EF', 'GH56JK78LM', 'NP90QR12ST'];

describe('invitation', () => {
  it('accepts the invitation, enrols TOTP, shows the recovery codes once and opens Deductions', async () => {
    const bodies: unknown[] = [];
    let confirmAuthorization: string | null = null;
    server.use(
      http.get(ep('/invitations/tok-123'), () =>
        HttpResponse.json({ email: 'hr@acme.test', employer_name: 'Acme Logistics', expires_at: '2031-03-17T10:00:00.000Z' }),
      ),
      http.post(ep('/invitations/accept'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXPJBSW',
          otpauth_uri: 'otpauth://totp/Payrail:hr@acme.test?secret=JBSWY3DPEHPK3PXPJBSW',
          qr_svg: QR,
          enrolment_token: 'enrol-token-1',
        });
      }),
      http.post(ep('/totp/confirm'), async ({ request }) => {
        confirmAuthorization = request.headers.get('authorization');
        bodies.push(await request.json());
        return HttpResponse.json({ user: HR_ADMIN, recovery_codes: CODES }, { headers: { authorization: 'Bearer session-9' } });
      }),
      http.get(ep('/me'), () => HttpResponse.json(HR_ADMIN)),
      ...portalHandlers,
    );
    const { router } = renderRoute('/invitation?token=tok-123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
    expect(await screen.findByText(/You are invited to the Payrail employer portal for/)).toHaveTextContent('Acme Logistics as hr@acme.test');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('hr@acme.test');
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Harriet Ross');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(/at least 8/i)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const enrol = await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' });
    await waitFor(() => expect(enrol).toHaveFocus());
    const qr = screen.getByRole('img', { name: /QR code that adds your Payrail employer portal account/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    const recovery = await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    await waitFor(() => expect(recovery).toHaveFocus());
    expect(
      within(screen.getByRole('list', { name: 'Recovery codes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(confirmAuthorization).toBe('enrol-token-1');
    expect(employerSession.getToken()).toBe('Bearer session-9');
    expect(bodies).toEqual([{ token: 'tok-123', name: 'Harriet Ross', password: 'Correct-horse-1' }, { code: '654321' }]);
    expect(await axeViolations()).toEqual([]);

    // Not before the person says the codes are saved.
    await user.click(screen.getByRole('button', { name: 'Continue to the portal' }));
    expect(await screen.findByText('Confirm that you saved your recovery codes.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invitation');
    await user.click(screen.getByRole('checkbox', { name: 'I saved these recovery codes somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Continue to the portal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deductions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deductions');
  });

  it('says a wrong first code is wrong', async () => {
    server.use(
      http.get(ep('/invitations/tok-4'), () =>
        HttpResponse.json({ email: 'hr@acme.test', employer_name: 'Acme Logistics', expires_at: '2031-03-17T10:00:00.000Z' }),
      ),
      http.post(ep('/invitations/accept'), () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://x', qr_svg: QR, enrolment_token: 'enrol-4' }),
      ),
      http.post(ep('/totp/confirm'), () => HttpResponse.json({ error: 'That code is not valid.' }, { status: 401 })),
    );
    renderRoute('/invitation?token=tok-4');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Harriet Ross');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(employerSession.getToken()).toBeNull();
  });

  it('explains an expired invitation', async () => {
    server.use(http.get(ep('/invitations/old'), () => HttpResponse.json({ error: EMPLOYER_INVITATION_EXPIRED }, { status: 410 })));
    renderRoute('/invitation?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(EMPLOYER_INVITATION_EXPIRED)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
