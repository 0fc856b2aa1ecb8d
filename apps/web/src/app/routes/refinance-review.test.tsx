import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import { notify } from '@payrail/ui/toast/notify';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';
import { REFINANCE_SENT } from './refinance-review';

const REFERENCES = [
  { firstName: 'Bea', lastName: 'Souza', relationship: 'Sister', phone: '(302) 555-0101' },
  { firstName: 'Caio', lastName: 'Reis', relationship: 'Friend', phone: '(302) 555-0102' },
];
const payStub = { id: 5, file_name: 'pay_stub.pdf', file_url: '/api/documents/5', file_size: 1200, file_extension: 'pdf', document_type_name: 'pay_stub' };

function reviewHandlers(changeStatus: () => Response) {
  const changes: unknown[] = [];
  server.use(
    http.get(api('/about_yourself/show_field/:field'), ({ params }) =>
      HttpResponse.json({ field: params.field, value: params.field === 'first_name' ? 'Ana' : null }),
    ),
    http.get(api('/about_yourself/borrower_references'), () => HttpResponse.json({ references: REFERENCES })),
    http.post(api('/about_yourself/update_references'), () => HttpResponse.json({ references: REFERENCES })),
    http.get(api('/bank_informations'), () => HttpResponse.json({ error: 'not found' }, { status: 404 })),
    http.get(api('/payment_change'), () => HttpResponse.json({ ok: true, payment_change: true })),
    http.get(api('/documents'), ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('document_type_name') === 'pay_stub' ? [payStub] : []),
    ),
    // Classic §7: the forward move is POST /change_status (the back move keeps /workflow/change_status).
    http.post(api('/change_status'), async ({ request }) => {
      changes.push(await request.json());
      return changeStatus();
    }),
  );
  return changes;
}

describe('/refinance_review (classic §2, §8)', () => {
  it('a refused status change shows the server answer as a warning (page and toast) and stays on the page', async () => {
    signInAs({ workflow_status: 'refinancing_review', loan_type: 'refinancing' });
    const refusal = 'Your refinance terms were not chosen yet.';
    const changes = reviewHandlers(() => HttpResponse.json({ error: refusal, current_status: 'refinancing_review' }, { status: 400 }));
    const user = userEvent.setup();
    const { router } = renderRoute('/refinance_review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Information' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(REFINANCE_MSG.bankWarning)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 10_000 });
    await user.click(confirm);
    const region = screen.getByRole('region', { name: 'Update Information' });
    await waitFor(
      () =>
        expect(
          within(region)
            .getAllByRole('alert')
            .some((a) => a.textContent?.includes(refusal)),
        ).toBe(true),
      { timeout: 5000 },
    );
    const alert = within(region)
      .getAllByRole('alert')
      .find((a) => a.textContent?.includes(refusal))!;
    expect(alert).toHaveTextContent(`Warning: ${refusal}`);
    expect(alert.className).toMatch(/warning/);
    expect(notify.list()).toContainEqual(expect.objectContaining({ kind: 'warning', message: refusal }));
    expect(changes).toEqual([{ new_status: 'ready_for_review' }]);
    expect(router.state.location.pathname).toBe('/refinance_review');
  }, 30_000);

  it('confirmed: POST /change_status ready_for_review, the status read from workflow_status.next_status, then /dashboard', async () => {
    signInAs({ workflow_status: 'refinancing_review', loan_type: 'refinancing' });
    let status: 'refinancing_review' | 'ready_for_review' = 'refinancing_review';
    const changes = reviewHandlers(() => {
      status = 'ready_for_review';
      return HttpResponse.json({ new_status: 'ready_for_review', workflow_status: { next_status: 'ready_for_review' } });
    });
    server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status, loan_type: 'refinancing' }))));
    const user = userEvent.setup();
    const { router } = renderRoute('/refinance_review');
    const confirm = await screen.findByRole('button', { name: 'Confirm' }, { timeout: 10_000 });
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 10_000 });
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(changes).toEqual([{ new_status: 'ready_for_review' }]);
    expect(sessionStore.getState().user?.workflow_status).toBe('ready_for_review');
    expect(notify.list()).toContainEqual(expect.objectContaining({ kind: 'success', message: REFINANCE_SENT }));
  }, 30_000);
});
