import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTO_SAVE_RETRY_MSG } from '../../features/about-yourself/components/about-yourself-form';
import { STATES, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

/** About-yourself with an update_field the test can take down (no connection) and bring back. */
function flakyServer() {
  const state = { down: true, sent: [] as Record<string, unknown>[] };
  server.use(
    http.get(api('/about_yourself/show_field/:field'), ({ params }) => HttpResponse.json({ field: params.field, value: null })),
    http.get(api('/about_yourself/borrower_references'), () => HttpResponse.json({ references: [] })),
    http.get(api('/education_program'), () => HttpResponse.json({ show_modal: false })),
    http.get(api('/states'), () => HttpResponse.json(STATES)),
    http.get(api('/loan_purposes'), () => HttpResponse.json([{ id: 1, name: 'Major Purchase' }])),
    http.post(api('/about_yourself/update_field'), async ({ request }) => {
      const body = (await request.json()) as { loan_borrower: Record<string, unknown> };
      state.sent.push(body.loan_borrower);
      if (state.down) return HttpResponse.error();
      return HttpResponse.json({ loan_borrower: body.loan_borrower });
    }),
  );
  return state;
}

async function openPage() {
  renderRoute('/application/about_yourself');
  return screen.findByLabelText('First name', {}, { timeout: 10_000 });
}

describe('about yourself: an autosave that failed while the server was down', () => {
  it('says so under the field and saves the same value again when the connection returns, without an edit', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const flaky = flakyServer();
    const user = userEvent.setup({ delay: null });
    const field = await openPage();
    await user.type(field, 'Ana');
    await waitFor(() => expect(field).toHaveAccessibleDescription(AUTO_SAVE_RETRY_MSG), { timeout: 5000 });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Some answers are not saved yet: waiting for the connection.'));

    flaky.down = false;
    const before = flaky.sent.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(field).not.toHaveAccessibleDescription(AUTO_SAVE_RETRY_MSG), { timeout: 5000 });
    expect(flaky.sent.slice(before)).toContainEqual({ first_name: 'Ana' });
    expect(field).toHaveValue('Ana');
  });

  it('also tries again by itself after a pause (back-off), while offline events never come', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const flaky = flakyServer();
    const user = userEvent.setup({ delay: null });
    const field = await openPage();
    await user.type(field, 'Bea');
    await waitFor(() => expect(field).toHaveAccessibleDescription(AUTO_SAVE_RETRY_MSG), { timeout: 5000 });
    flaky.down = false;
    // The first retry comes 2 s after the failure.
    await waitFor(() => expect(field).not.toHaveAccessibleDescription(AUTO_SAVE_RETRY_MSG), { timeout: 6000 });
    expect(flaky.sent.filter((b) => b.first_name === 'Bea').length).toBeGreaterThanOrEqual(2);
  });

  it('a refusal of the answer itself (422) is not retried', { timeout: 30_000 }, async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const flaky = flakyServer();
    server.use(
      http.post(api('/about_yourself/update_field'), async ({ request }) => {
        flaky.sent.push(((await request.json()) as { loan_borrower: Record<string, unknown> }).loan_borrower);
        return HttpResponse.json({ errors: { first_name: ['is invalid'] } }, { status: 422 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const field = await openPage();
    await user.type(field, 'X');
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('is invalid')), { timeout: 5000 });
    const count = flaky.sent.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flaky.sent.length).toBe(count);
  });
});
