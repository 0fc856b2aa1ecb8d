import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TDueDateChange } from '@payrail/contract/care';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { signAfterRefusals } from '../../../test/agreement-signing';
import { dueDateOverview, dueDatePreview } from '../../../test/care-fixtures';

const overview = dueDateOverview;
const schedule = [
  { n: 1, due_date: '2029-02-02', new_due_date: '2029-02-12', payment: 34_002, moved: true },
  { n: 2, due_date: '2029-03-02', new_due_date: '2029-03-12', payment: 34_002, moved: true },
  { n: 3, due_date: '2029-04-02', new_due_date: '2029-04-12', payment: 34_000, moved: true },
];
const preview = dueDatePreview({
  new_apr: '10.8321',
  apr_changed: true,
  schedule,
  disclosure: ['By signing, you agree to change the due dates of the remaining payments of loan 1234-56-7890 as shown in the schedule.'],
});
const applied: TDueDateChange = {
  id: 3,
  loan_id: 7,
  status: 'applied',
  requested_date: '2029-02-12',
  signed_at: '2029-01-10T12:00:00.000Z',
  signature_name: 'Ana Lopez',
  ip: '203.0.113.9',
  agreement_version: '2026-11',
  old_apr: '12.0000',
  new_apr: '10.8321',
  apr_changed: true,
  finance_charge: 2_004,
  total_of_payments: 102_004,
  schedule,
  document: { id: 41, file_name: 'due-date-change-1234-56-7890-3-signed.pdf', file_url: '/api/loans/documents/download/41' },
};

describe('change due date page', { timeout: 20_000 }, () => {
  it('shows the window, previews the re-disclosed schedule with the APR change, signs, and moves focus to the new schedule', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    const posts: { body: unknown; key: string | null }[] = [];
    let attempt = 0;
    server.use(
      http.get(api('/dashboard/loans/7/due_date_changes'), () => HttpResponse.json(overview())),
      http.get(api('/dashboard/loans/7/due_date_change'), ({ request }) =>
        new URL(request.url).searchParams.get('date') === '2029-02-12' ? HttpResponse.json(preview) : HttpResponse.json({ error: 'no' }, { status: 422 }),
      ),
      http.post(api('/dashboard/loans/7/due_date_change'), async ({ request }) => {
        posts.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        attempt += 1;
        if (attempt === 1)
          return HttpResponse.json({ errors: { signature_name: ['Please type your full legal name exactly as it appears on your loan.'] } }, { status: 422 });
        return HttpResponse.json(applied);
      }),
    );
    renderRoute('/dashboard/loans-and-payments/7/change-due-date');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change due date' })).toBeInTheDocument();
    expect(screen.getByText(/You can move it to any date from 01\/18\/2029 to 02\/17\/2029/)).toBeInTheDocument();

    const date = screen.getByLabelText(/New due date/);
    // A date picked in the browser fires `input` (which React's onChange answers), then `change`.
    fireEvent.input(date, { target: { value: '2029-02-12' } });
    const table = await screen.findByRole('table', { name: 'Your payment schedule before and after the change' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Payment', 'Current due date', 'New due date', 'Amount']);
    expect(within(table).getByText('02/12/2029')).toBeInTheDocument();
    expect(screen.getByText(/your APR changes from 12.0000% to 10.8321%/)).toBeInTheDocument();
    expect(screen.getByText(/By signing, you agree/)).toBeInTheDocument();

    // Signing without a name or consent: each problem is told on its field, nothing is sent.
    await signAfterRefusals({
      button: 'Sign and change my due date',
      consent: 'I agree to sign the Due date change agreement electronically.',
      consentRequired: 'Please confirm that you agree to sign electronically.',
      nameMismatch: 'Please type your full legal name exactly as it appears on your loan.',
      posts,
    });
    const done = await screen.findByRole('heading', { name: 'Your due date is changed' });
    expect(done).toHaveFocus();
    expect(screen.getByText(/Your next payment is now due on 02\/12\/2029/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Your new payment schedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the signed agreement (PDF)' })).toBeInTheDocument();
    expect(posts[1]!.body).toEqual({ date: '2029-02-12', signature_name: 'Ana Lopez', agree: true });
    // A refused submission is not retried under the same key.
    expect(posts[0]!.key).toBeTruthy();
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
  });

  it('shows the server’s refusal with the date a change is available again', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    server.use(
      http.get(api('/dashboard/loans/7/due_date_changes'), () =>
        HttpResponse.json(
          overview({ window: null, refusal: 'A due date can be changed once every 12 months.', available_on: '2030-01-10', changes: [applied] }),
        ),
      ),
    );
    renderRoute('/dashboard/loans-and-payments/7/change-due-date');
    expect(await screen.findByText(/A due date can be changed once every 12 months\. You can change it again on 01\/10\/2030\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign and change my due date' })).not.toBeInTheDocument();
  });
});
