import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { JOBS_MSG } from '@payrail/contract/jobs';
import type { TFailedJob, TJobQueueSummary } from '@payrail/contract/jobs';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

function queue(overrides: Partial<TJobQueueSummary> = {}): TJobQueueSummary {
  return {
    name: 'servicing.daily-run',
    description: 'Services every open loan for a business day.',
    queued: 1,
    active: 0,
    failed: 0,
    completed: 12,
    dead_letter: 'servicing.daily-run.dead',
    schedule: '15 6 * * *',
    retry_limit: 3,
    last_failed_at: null,
    ...overrides,
  };
}

const FAILED: TFailedJob = {
  id: '7f0c2a4e-1111-4222-8333-944455556666',
  queue: 'messages.deliver',
  attempts: 4,
  error: 'SMTP 421: service not available',
  failed_at: '2035-03-02T10:15:00.000Z',
  created_at: '2035-03-02T10:00:00.000Z',
  subject: 'message 1234',
};

/** The Jobs API as a small in-memory server: a failed job leaves the failed list when it is retried. */
function serveJobs(opts: { retryStatus?: 200 | 409 } = {}) {
  let failed: TFailedJob[] = [FAILED];
  const calls = { retries: [] as { url: string; key: string | null }[], queueReads: 0, failedReads: 0 };
  server.use(
    http.get(bo('/jobs'), () => {
      calls.queueReads++;
      return HttpResponse.json({
        driver: 'pg-boss',
        queues: [
          queue(),
          queue({
            name: 'messages.deliver',
            description: 'Sends e-mails and texts through the provider.',
            queued: 0,
            failed: failed.length,
            completed: 40,
            schedule: null,
            last_failed_at: failed.length > 0 ? '2035-03-02T10:15:00.000Z' : null,
          }),
        ],
      });
    }),
    http.get(bo('/jobs/:queue/failed'), ({ params }) => {
      calls.failedReads++;
      return HttpResponse.json({ queue: params.queue, jobs: failed.filter((j) => j.queue === params.queue) });
    }),
    http.post(bo('/jobs/:queue/:id/retry'), ({ request, params }) => {
      calls.retries.push({ url: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
      if (opts.retryStatus === 409) return HttpResponse.json({ error: JOBS_MSG.notFailed }, { status: 409 });
      failed = failed.filter((j) => j.id !== params.id);
      return HttpResponse.json({ id: params.id, queue: params.queue, state: 'queued' });
    }),
  );
  return calls;
}

async function openFailedJobs(user: ReturnType<typeof userEvent.setup>) {
  const queues = await screen.findByRole('table', { name: 'Job queues' });
  await user.click(within(queues).getByRole('button', { name: 'Failed jobs of messages.deliver' }));
  return screen.findByRole('region', { name: 'Failed jobs: messages.deliver' });
}

describe('the Jobs page (admin)', () => {
  it('lists the queues with their counts, schedule and a badge for the one with failures', async () => {
    signInAs('admin');
    serveJobs();
    renderRoute('/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    const queues = await screen.findByRole('table', { name: 'Job queues' });
    expect(screen.getByText('Driver: pg-boss (pg-boss on PostgreSQL). Counts are read when the page opens and after each retry.')).toBeInTheDocument();
    const rows = within(queues).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const daily = rows.find((r) => r.textContent?.includes('servicing.daily-run'))!;
    expect(daily).toHaveTextContent('Services every open loan for a business day.');
    expect(daily).toHaveTextContent('15 6 * * *');
    expect(within(daily).queryByText(/failed$/)).not.toBeInTheDocument();
    const messages = rows.find((r) => r.textContent?.includes('messages.deliver'))!;
    expect(within(messages).getByText('1 failed')).toBeInTheDocument();
    expect(messages).toHaveTextContent('03/02/2035 10:15 UTC');
    expect(screen.getByRole('link', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('shows a failed job with its error; Retry sends the request with an Idempotency-Key and the lists refresh', async () => {
    signInAs('admin');
    const calls = serveJobs();
    const user = userEvent.setup();
    renderRoute('/jobs');
    const section = await openFailedJobs(user);
    const row = (await within(section).findByText('SMTP 421: service not available')).closest('tr')!;
    expect(row).toHaveTextContent(FAILED.id);
    expect(row).toHaveTextContent('message 1234');
    expect(row).toHaveTextContent('03/02/2035 10:15 UTC');
    expect(within(row).getByRole('cell', { name: '4' })).toBeInTheDocument();
    const readsBefore = { queues: calls.queueReads, failed: calls.failedReads };

    await user.click(within(section).getByRole('button', { name: `Retry job ${FAILED.id} of messages.deliver` }));

    expect(await screen.findByText(`Job ${FAILED.id} of messages.deliver is queued again.`)).toBeInTheDocument();
    expect(calls.retries).toHaveLength(1);
    expect(calls.retries[0]!.url).toBe(`/api/backoffice/jobs/messages.deliver/${FAILED.id}/retry`);
    expect(calls.retries[0]!.key).toMatch(/.{8,}/);
    await waitFor(() => expect(within(section).getByText('No failed job in this queue.')).toBeInTheDocument());
    const queues = screen.getByRole('table', { name: 'Job queues' });
    await waitFor(() => expect(within(queues).queryByText('1 failed')).not.toBeInTheDocument());
    expect(calls.queueReads).toBeGreaterThan(readsBefore.queues);
    expect(calls.failedReads).toBeGreaterThan(readsBefore.failed);
  });

  it('opens any queue’s failed list: a queue without failures says so', async () => {
    signInAs('admin');
    serveJobs();
    const user = userEvent.setup();
    renderRoute('/jobs');
    const queues = await screen.findByRole('table', { name: 'Job queues' });
    const open = within(queues).getByRole('button', { name: 'Failed jobs of servicing.daily-run' });
    expect(open).toHaveAttribute('aria-pressed', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-pressed', 'true');
    const section = await screen.findByRole('region', { name: 'Failed jobs: servicing.daily-run' });
    expect(await within(section).findByText('No failed job in this queue.')).toBeInTheDocument();
  });

  it('shows the server’s 409 message verbatim when the job is not failed any more', async () => {
    signInAs('admin');
    const calls = serveJobs({ retryStatus: 409 });
    const user = userEvent.setup();
    renderRoute('/jobs');
    const section = await openFailedJobs(user);
    await user.click(await within(section).findByRole('button', { name: `Retry job ${FAILED.id} of messages.deliver` }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(JOBS_MSG.notFailed);
    expect(calls.retries).toHaveLength(1);
  });

  it('is not offered to servicers or underwriters: no nav entry, the page explains', async () => {
    for (const role of ['servicer', 'underwriter'] as const) {
      signInAs(role);
      const { unmount } = renderRoute('/jobs');
      expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Jobs' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
