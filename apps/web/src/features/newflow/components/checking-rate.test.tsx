import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RATE_CHECK_POLL_MS } from '@payrail/contract/newflow';
import { api, server } from '../../../../test/msw-server';
import { NewflowMovesContext } from '../lib/newflow-context';
import { CheckingRate } from './checking-rate';

describe('checking_rate', () => {
  it('polls every 5000 ms by default', () => {
    expect(RATE_CHECK_POLL_MS).toBe(5000);
  });

  it('submits the step on every tick while pending, then moves on with the answer', async () => {
    let posts = 0;
    server.use(
      http.post(api('/applicationflow/application_step'), async ({ request }) => {
        expect(await request.json()).toEqual({ workflow_status_key: 'rate_check' });
        posts += 1;
        return HttpResponse.json(
          posts < 3
            ? { new_status: 'rate_check', finalized_application: false, pending: true }
            : { new_status: 'select_program', finalized_application: false },
        );
      }),
    );
    const moveOn = vi.fn(() => Promise.resolve());
    render(
      <NewflowMovesContext value={{ moveOn, goTo: vi.fn() }}>
        <CheckingRate intervalMs={10} />
      </NewflowMovesContext>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your rate' })).toBeInTheDocument();
    await waitFor(() => expect(moveOn).toHaveBeenCalledWith(expect.objectContaining({ new_status: 'select_program' })));
    expect(posts).toBe(3);
  });

  it('stops posting on leaving the page', async () => {
    let posts = 0;
    server.use(
      http.post(api('/applicationflow/application_step'), () => {
        posts += 1;
        return HttpResponse.json({ new_status: 'rate_check', finalized_application: false, pending: true });
      }),
    );
    const { unmount } = render(
      <NewflowMovesContext value={{ moveOn: vi.fn(), goTo: vi.fn() }}>
        <CheckingRate intervalMs={10} />
      </NewflowMovesContext>,
    );
    await waitFor(() => expect(posts).toBeGreaterThan(0));
    unmount();
    const after = posts;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(posts).toBeLessThanOrEqual(after + 1);
  });
});
