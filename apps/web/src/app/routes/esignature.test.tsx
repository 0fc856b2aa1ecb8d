import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { ESIGN_TEXT } from '../../features/esignature/components/esignature-page';
import { signatureFontSize } from '../../features/esignature/lib/signature';
import { sessionStore } from '../../lib/session-store';

const esignAnswer = (overrides: { full_name?: string; font_size?: number; partner?: boolean } = {}) => ({
  workflow_status: 'esignature_needed',
  loan_terms: {
    amount_cents: 150_000,
    fee_cents: 7_500,
    fee_label: 'origination fee',
    fee_financed: true,
    interest_rate: '24.99',
    apr: '34.21',
    finance_charge_cents: 31_234,
    amount_financed_cents: 150_000,
    total_of_payments_cents: 188_734,
    payment_per_term_cents: 7_864,
    number_of_payments: 24,
    term_frequency: 'biweekly',
    disbursement_date: '2026-11-23',
    first_payment_date: '2026-12-04',
    schedule: [
      { n: 1, due_date: '2026-12-04', payment_cents: 7_864, principal_cents: 6_000, interest_cents: 1_864, balance_cents: 151_500 },
      { n: 2, due_date: '2026-12-18', payment_cents: 7_864, principal_cents: 6_100, interest_cents: 1_764, balance_cents: 145_400 },
    ],
    source: 'application',
    payment_method: 'auto_debit',
  },
  agreements: [
    { id: 11, name: 'promissory_note_terms', title: 'Promissory Note', file_url: '/api/borrower_agreement_documents/11', accepted: false },
    ...(overrides.partner
      ? [
          {
            id: 12,
            name: 'partner_payroll_authorization',
            title: 'Authorization and Instructions',
            file_url: '/api/borrower_agreement_documents/12',
            accepted: false,
          },
        ]
      : []),
    { id: 13, name: 'consent_text_messaging', title: 'Consent to Text Messaging', file_url: '/api/borrower_agreement_documents/13', accepted: true },
    {
      id: 14,
      name: 'consent_eletronic_comunications',
      title: 'Consent to Electronic Communications',
      file_url: '/api/borrower_agreement_documents/14',
      accepted: true,
    },
    { id: 15, name: 'privacy_notice', title: 'Privacy Notice', file_url: '/api/borrower_agreement_documents/15', accepted: true },
    { id: 16, name: 'consent_for_loan_eligibility', title: 'Loan Eligibility Terms', file_url: '/api/borrower_agreement_documents/16', accepted: true },
  ],
  signature: { full_name: overrides.full_name ?? 'Ana Lima', font_size: overrides.font_size ?? 38 },
  signed: null,
});

function esignHandlers(options: { partner?: boolean; noteStatus?: number; noNote?: boolean; sign?: () => Response } = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const state = { noteStatus: options.noteStatus, noNote: options.noNote ?? false, signed: false, noteLoads: 0 };
  server.use(
    // The session check (Home asks it after signing) follows the signing, as the server does.
    http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: state.signed ? 'application_submitted' : 'esignature_needed' }))),
    http.get(api('/esignature'), () => {
      const answer = esignAnswer({ partner: options.partner });
      return HttpResponse.json(state.noNote ? { ...answer, agreements: answer.agreements.filter((a) => a.name !== 'promissory_note_terms') } : answer);
    }),
    http.get(api('/borrower_agreement_documents/11'), () => {
      state.noteLoads += 1;
      return state.noteStatus
        ? HttpResponse.json({ error: 'Document not found' }, { status: state.noteStatus })
        : new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } });
    }),
    http.post(api('/agreements'), async ({ request }) => {
      calls.push({ path: '/agreements', body: await request.json() });
      return HttpResponse.json({ ok: true, agreement: { id: 11, name: 'promissory_note_terms', accepted_at: '2026-11-22T18:00:00Z' } }, { status: 201 });
    }),
    http.post(api('/esignature/sign'), async ({ request }) => {
      calls.push({ path: '/esignature/sign', body: await request.json() });
      const refused = options.sign?.();
      if (refused) return refused;
      state.signed = true;
      return HttpResponse.json({
        new_status: 'application_submitted',
        workflow_status: { next_status: 'application_submitted' },
        document: { id: 90, file_url: '/api/borrower_agreement_documents/11', sha256: 'a'.repeat(64), signed_at: '2026-11-22T18:00:00Z' },
      });
    }),
  );
  return Object.assign(calls, { state });
}

/** The first render waits for the lazily loaded page module. */
const pageShown = () => screen.findByRole('heading', { level: 1, name: 'E-signature' }, { timeout: 10_000 });

describe('e-signature page', { timeout: 30_000 }, () => {
  it('shows the Truth-in-Lending figures, the schedule, the signature at the server font size and the agreements', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    esignHandlers({ partner: true });
    renderRoute('/esignature');
    expect(await pageShown()).toBeInTheDocument();
    expect(await screen.findByText('34.21%')).toBeInTheDocument();
    expect(screen.getByText('$312.34')).toBeInTheDocument();
    expect(screen.getByText('$1,887.34')).toBeInTheDocument();
    // The repay method the price is for is said again before signing (issue #17).
    expect(screen.getByText('These terms are priced for repayment by Auto-Debit ACH (the price depends on how you repay).')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Payment schedule' })).toBeInTheDocument();
    const signature = screen.getByTestId('signature-preview');
    expect(signature).toHaveTextContent('Ana Lima');
    expect(signature).toHaveStyle({ fontSize: '38px' });
    for (const title of [
      'Authorization and Instructions',
      'Consent to Text Messaging',
      'Consent to Electronic Communications',
      'Privacy Notice',
      'Loan Eligibility Terms',
    ]) {
      expect(screen.getByRole('link', { name: `${title} (opens in a new window)` })).toBeInTheDocument();
    }
    expect(await screen.findByRole('link', { name: 'Open the promissory note (PDF) (opens in a new window)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^blob:/),
    );
    // The note is also embedded on the page, 500 px tall (access §9).
    const embed = screen.getByTitle('Promissory note');
    expect(embed.tagName).toBe('IFRAME');
    expect(embed).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(embed).toHaveAttribute('height', '500');
  });

  it('shows the rates with two decimals', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    esignHandlers();
    server.use(
      http.get(api('/esignature'), () =>
        HttpResponse.json({ ...esignAnswer(), loan_terms: { ...esignAnswer().loan_terms, apr: '21.591', interest_rate: '18' } }),
      ),
    );
    renderRoute('/esignature');
    await pageShown();
    expect(await screen.findByText('21.59%')).toBeInTheDocument();
    expect(screen.getByText('18.00%')).toBeInTheDocument();
    expect(screen.queryByText('21.591%')).not.toBeInTheDocument();
  });

  it('keeps Confirm disabled while the note fails to load, says why, and Retry loads it', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    const calls = esignHandlers({ noteStatus: 404 });
    const user = userEvent.setup();
    renderRoute('/esignature');
    await pageShown();
    expect(await screen.findByText(ESIGN_TEXT.noteError, {}, { timeout: 5000 })).toBeInTheDocument();
    const confirm = document.getElementById('esignature-confirm') as HTMLButtonElement;
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(ESIGN_TEXT.gateNoteFailed);
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();

    calls.state.noteStatus = undefined;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Open the promissory note/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(ESIGN_TEXT.noteError)).not.toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(ESIGN_TEXT.gateAgree);
  });

  it('shows an error and Retry when the agreements list has no promissory note', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    const calls = esignHandlers({ noNote: true });
    const user = userEvent.setup();
    renderRoute('/esignature');
    await pageShown();
    expect(await screen.findByText(ESIGN_TEXT.noteMissing, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Loading your promissory note…')).not.toBeInTheDocument();
    expect(document.getElementById('esignature-confirm')).toBeDisabled();

    calls.state.noNote = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Open the promissory note/ }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('esignature-confirm')).toBeEnabled());
  });

  it('signs with the full name shown (no typing): records the note, signs, then goes home as application_submitted', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    const calls = esignHandlers();
    const user = userEvent.setup();
    const { router } = renderRoute('/esignature');
    await pageShown();
    await screen.findByRole('link', { name: /Open the promissory note/ }, { timeout: 5000 });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const confirm = document.getElementById('esignature-confirm') as HTMLButtonElement;
    expect(confirm).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect([...calls]).toEqual([
      { path: '/agreements', body: { agreements: { id: 11 } } },
      { path: '/esignature/sign', body: { signature_name: 'Ana Lima' } },
    ]);
    await waitFor(() => expect(sessionStore.getState().user?.workflow_status).toBe('application_submitted'));
    expect(notify.list()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'success', message: ESIGN_TEXT.signed })]));
  });

  it("shows the server's refusal of the signature", async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    esignHandlers({ sign: () => HttpResponse.json({ errors: { signature_name: ['must match your full name'] } }, { status: 422 }) as Response });
    const user = userEvent.setup();
    renderRoute('/esignature');
    await pageShown();
    await screen.findByRole('link', { name: /Open the promissory note/ }, { timeout: 5000 });
    await user.click(document.getElementById('esignature-confirm') as HTMLButtonElement);
    expect(await screen.findByText('must match your full name')).toBeInTheDocument();
  });
});

describe('signature rules', () => {
  it('sizes the signature by the name length', () => {
    expect(signatureFontSize('A'.repeat(16))).toBe(38);
    expect(signatureFontSize('A'.repeat(17))).toBe(28);
    expect(signatureFontSize('A'.repeat(22))).toBe(28);
    expect(signatureFontSize('A'.repeat(32))).toBe(20);
    expect(signatureFontSize('A'.repeat(33))).toBe(16);
  });
});
