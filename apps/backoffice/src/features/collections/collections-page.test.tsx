import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TCollectionsLoan, TCollectionsQueue } from '@payrail/contract/collections';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const queue = (bucket: string | null): TCollectionsQueue => ({
  counts: { '1-29': 1, '30-59': 2, '60-89': 0, '90-119': 0, '120+': 1 },
  items:
    bucket === '120+'
      ? []
      : [
          {
            loan_id: 7,
            loan_number: '1234-56-7890',
            loan_status: 'opened',
            borrower_name: 'Maria Lopez',
            days_past_due: 34,
            bucket: '30-59',
            in_bucket_since: '2029-03-06',
            past_due_amount: 25_628,
            last_contact: { at: '2029-03-07T15:00:00.000Z', channel: 'call', outcome: 'no_answer' },
            open_promise: null,
          },
        ],
  next_cursor: null,
});

const view = (o: Partial<TCollectionsLoan> = {}): TCollectionsLoan => ({
  loan_id: 7,
  loan_number: '1234-56-7890',
  loan_status: 'opened',
  borrower_name: 'Maria Lopez',
  state: 'DE',
  time_zones: ['America/New_York'],
  business_date: '2029-03-10',
  days_past_due: 34,
  bucket: '30-59',
  in_bucket_since: '2029-03-06',
  past_due_amount: 25_628,
  payoff_amount: 101_234,
  charge_off: null,
  calls_in_window: 7,
  call_limit: 7,
  contacts: [{ id: 1, at: '2029-03-07T15:00:00.000Z', channel: 'call', outcome: 'no_answer', note: 'Voicemail full.', staff_name: 'Sam Servicer' }],
  promises: [],
  notes: [],
  notices: [{ id: 3, kind: 'past_due', notice_day: 30, due_date: '2029-02-04', channel: 'email', status: 'sent', business_date: '2029-03-06' }],
  bucket_history: [{ from: 'current', to: '1-29', on: '2029-02-05', days_past_due: 1 }],
  ...o,
});

describe('collections page (back office)', { timeout: 30_000 }, () => {
  it('shows the buckets with counts and the loans; a loan’s panel shows the server’s refusal of an 8th call and records a promise in cents', async () => {
    signInAs('servicer');
    const bodies: unknown[] = [];
    server.use(
      http.get(bo('/collections/queue'), ({ request }) => HttpResponse.json(queue(new URL(request.url).searchParams.get('bucket')))),
      http.get(bo('/collections/loans/7'), () => HttpResponse.json(view())),
      http.post(bo('/collections/loans/7/contacts'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { error: 'Call refused: 7 call attempts were already made on this loan in the last 7 days (the limit is 7).' },
          { status: 422 },
        );
      }),
      http.post(bo('/collections/loans/7/promises'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          view({
            promises: [
              {
                id: 9,
                made_on: '2029-03-10',
                promised_date: '2029-03-15',
                amount: 5_050,
                status: 'open',
                decided_on: null,
                received: null,
                staff_name: 'Sam Servicer',
              },
            ],
          }),
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderRoute('/collections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    const buckets = screen.getByRole('group', { name: 'Delinquency bucket' });
    expect(await within(buckets).findByRole('button', { name: 'All past due (4)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(buckets).getByRole('button', { name: '30–59 days (2)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Loans past due' });
    expect(within(table).getByRole('link', { name: '1234-56-7890' })).toHaveAttribute('href', '/loans/7');
    expect(within(table).getByText('$256.28')).toBeInTheDocument();
    expect(within(table).getByText(/^Call: No answer/)).toBeInTheDocument();

    await user.click(within(buckets).getByRole('button', { name: '120+ days (1)' }));
    expect(await screen.findByText('No loan in this bucket.')).toBeInTheDocument();
    await user.click(within(buckets).getByRole('button', { name: 'All past due (4)' }));

    await user.click(await screen.findByRole('button', { name: 'Maria Lopez' }));
    const panel = await screen.findByRole('region', { name: 'Maria Lopez · loan 1234-56-7890' });
    expect(within(panel).getByText('7 of 7')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the loan page' })).toHaveAttribute('href', '/loans/7');
    expect(within(panel).getByRole('table', { name: 'Notices' })).toHaveTextContent('30 days past due');
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);

    const contact = within(panel).getByRole('form', { name: 'Log a contact attempt' });
    await user.click(within(contact).getByRole('button', { name: 'Log the attempt' }));
    expect(await within(contact).findByText(/^Call refused: 7 call attempts/)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ channel: 'call', outcome: 'no_answer' });

    const promise = within(panel).getByRole('form', { name: 'Record a promise to pay' });
    await user.click(within(promise).getByRole('button', { name: 'Record the promise' }));
    expect(await within(promise).findByText('Enter an amount in dollars, like 50.00.')).toBeInTheDocument();
    await user.clear(within(promise).getByLabelText('Promised date'));
    await user.type(within(promise).getByLabelText('Promised date'), '2029-03-15');
    await user.type(within(promise).getByLabelText('Amount ($)'), '50.50');
    await user.click(within(promise).getByRole('button', { name: 'Record the promise' }));
    await waitFor(() => expect(bodies[1]).toEqual({ promised_date: '2029-03-15', amount: 5_050 }));
    expect(await within(panel).findByRole('table', { name: 'Promises to pay' })).toHaveTextContent('$50.50');
  });

  it('is not for underwriters', async () => {
    signInAs('underwriter');
    renderRoute('/collections');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
  });
});
