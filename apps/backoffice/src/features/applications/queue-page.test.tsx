import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applicationDetail, queueItem, signInAs } from '../../../test/fixtures';
import { api, bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const states = [
  { id: 44, name: 'Texas', abbreviation: 'TX', is_available: true },
  { id: 5, name: 'California', abbreviation: 'CA', is_available: false },
];

function recordQueue(
  answer = () => ({
    items: [queueItem(), queueItem({ user_id: 43, name: 'Tom Park', waiting_on: 'borrower', status: 'feedback_sent' })],
    page: 1,
    per_page: 25,
    total: 60,
  }),
) {
  const urls: URL[] = [];
  server.use(
    http.get(api('/states'), () => HttpResponse.json(states)),
    http.get(bo('/applications'), ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json(answer());
    }),
  );
  return urls;
}

describe('review queue', () => {
  it('lists applications with who is waiting, linking each row to its detail', async () => {
    signInAs('underwriter');
    const urls = recordQueue();
    renderRoute('/');

    const table = await screen.findByRole('table', { name: 'Applications' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', '/applications/42');
    expect(within(rows[1]!).getByText('Waiting on lender')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Waiting on borrower')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Application submitted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Acme Postal')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3 (60 results)')).toBeInTheDocument();
    expect(document.title).toBe('Review queue · Payrail back office');
    // Default call: newest updates first, page 1.
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ sort: 'updated_at', dir: 'desc', page: '1', per_page: '25' });
  });

  it('sends the chosen filters and sort as query parameters', async () => {
    signInAs('admin');
    const urls = recordQueue();
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    await screen.findByRole('option', { name: 'Texas (TX)' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'review_application');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '44');
    await user.type(screen.getByRole('spinbutton', { name: 'Age from (days)' }), '3');
    await user.type(screen.getByRole('spinbutton', { name: 'Age to (days)' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created_at:asc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(urls).toHaveLength(2));
    expect(Object.fromEntries(urls[1]!.searchParams)).toEqual({
      status: 'review_application',
      state_id: '44',
      age_days_min: '3',
      age_days_max: '30',
      sort: 'created_at',
      dir: 'asc',
      page: '1',
      per_page: '25',
    });
    // The filters live in the URL, so the view can be shared.
    expect(router.state.location.search).toContain('status=review_application');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('review_application');
  });

  it('filters by an employer found by search', async () => {
    signInAs('underwriter');
    const urls = recordQueue();
    server.use(
      http.get(api('/employers'), ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('search') === 'acm' ? [{ id: 9, name: 'Acme Postal' }] : []),
      ),
    );
    renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });

    await user.type(screen.getByRole('searchbox', { name: 'Search employers' }), 'acm');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Employer' }), await screen.findByRole('option', { name: 'Acme Postal' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(urls.at(-1)?.searchParams.get('employer_id')).toBe('9'));
  });

  it('refuses an age range that runs backwards', async () => {
    signInAs('underwriter');
    const urls = recordQueue();
    renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });

    await user.type(screen.getByRole('spinbutton', { name: 'Age from (days)' }), '30');
    await user.type(screen.getByRole('spinbutton', { name: 'Age to (days)' }), '3');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(screen.getByRole('spinbutton', { name: 'Age from (days)' })).toHaveAccessibleDescription('The minimum age must not be more than the maximum.');
    expect(urls).toHaveLength(1);
  });

  it('filters to applications ready to fund', async () => {
    signInAs('servicer');
    const urls = recordQueue();
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    const box = screen.getByRole('checkbox', { name: 'Ready to fund only' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('ready_to_fund')).toBe('true'));
    expect(router.state.location.search).toContain('ready_to_fund=true');
    expect(screen.getByRole('checkbox', { name: 'Ready to fund only' })).toBeChecked();
  });

  it('pages through results', async () => {
    signInAs('underwriter');
    const urls = recordQueue();
    renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('says so when nothing matches', async () => {
    signInAs('underwriter');
    recordQueue(() => ({ items: [], page: 1, per_page: 25, total: 0 }));
    renderRoute('/?status=denied');
    expect(await screen.findByText('No application matches these filters.')).toBeInTheDocument();
  });

  it('opens the application detail from a row', async () => {
    signInAs('underwriter');
    recordQueue();
    server.use(
      http.get(bo('/applications/42'), () => HttpResponse.json(applicationDetail())),
      http.get(bo('/applications/42/allowed_statuses'), () =>
        HttpResponse.json({ user_id: 42, current_status: 'application_submitted', allowed_statuses: [], transitions: [] }),
      ),
    );
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Maria Lopez' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/applications/42');
  });
});
