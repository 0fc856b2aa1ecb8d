import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TConsentCentre } from '@payrail/contract/care';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const consequences = [
  'We will send future notices, statements and disclosures on paper by U.S. mail to 12 Harbor Street, Wilmington, DE 19801, at no charge.',
  'Documents we already gave you electronically stay valid.',
];
const centre = (state: 'given' | 'withdrawn'): TConsentCentre => ({
  records: [
    {
      key: 'agreement:1',
      kind: 'agreement',
      name: 'consent_eletronic_comunications',
      title: 'Consent to Receive Electronic Communications (E-SIGN Disclosure)',
      version: '2026-01',
      accepted_at: '2026-11-02T14:05:00.000Z',
      ip: '203.0.113.9',
      detail: null,
      revoked_at: null,
      document_id: 11,
    },
    {
      key: 'esignature:4',
      kind: 'esignature',
      name: 'promissory_note_terms',
      title: 'Promissory note (signed)',
      version: '2026-01',
      accepted_at: '2026-11-05T10:00:00.000Z',
      ip: '203.0.113.9',
      detail: 'Signed as Ana Lopez',
      revoked_at: null,
      document_id: 15,
    },
  ],
  electronic_communications: {
    state,
    delivery: state === 'withdrawn' ? 'paper' : 'electronic',
    withdrawn_at: state === 'withdrawn' ? '2026-11-20T09:00:00.000Z' : null,
    mailing_address: '12 Harbor Street, Wilmington, DE 19801',
    consequences,
    history: state === 'withdrawn' ? [{ withdrawn_at: '2026-11-20T09:00:00.000Z', restored_at: null, recorded_by_staff: false }] : [],
  },
});

describe('consent centre page', { timeout: 20_000 }, () => {
  it('lists what was accepted and signed with time, IP and version; withdrawal shows the consequences and needs the confirmation', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    let body: unknown;
    server.use(
      http.get(api('/dashboard/consents'), () => HttpResponse.json(centre('given'))),
      http.post(api('/dashboard/consents/electronic_communications/withdraw'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(centre('withdrawn'));
      }),
    );
    renderRoute('/dashboard/consents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consents' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Agreements and disclosures' });
    expect(within(table).getByText('Promissory note (signed) — Signed as Ana Lopez')).toBeInTheDocument();
    expect(within(table).getAllByText('203.0.113.9')).toHaveLength(2);
    expect(within(table).getByText('11/02/2026 14:05 UTC')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download Promissory note (signed)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your consent to electronic communications?' });
    expect(within(dialog).getByText(consequences[0]!)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Withdraw consent' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I read what withdrawing my consent means.' }));
    await userEvent.click(confirm);
    expect(await screen.findByText('Your consent is withdrawn. We will mail you future notices.')).toBeInTheDocument();
    expect(body).toEqual({ confirm: true });
    expect(screen.getByText(/You withdrew your consent on 11\/20\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give consent again' })).toBeInTheDocument();
  });
});
