import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { dueDateOverview, dueDatePreview } from '../../../../test/care-fixtures';
import { DUE_DATE_TEXT } from './due-date-change-page';

const overview = dueDateOverview();
const preview = dueDatePreview();

function world(answer: () => Response) {
  signInAs({ workflow_status: 'approved', feedback_rating: true });
  const posts: unknown[] = [];
  server.use(
    http.get(api('/dashboard/loans/7/due_date_changes'), () => HttpResponse.json(overview)),
    http.get(api('/dashboard/loans/7/due_date_change'), () => HttpResponse.json(preview)),
    http.post(api('/dashboard/loans/7/due_date_change'), async ({ request }) => {
      posts.push(await request.json());
      return answer();
    }),
  );
  return { posts };
}

describe('change due date on the kit', { timeout: 20_000 }, () => {
  it('a date outside the window is refused by the schema with the window in words, nothing sent', async () => {
    const { posts } = world(() => HttpResponse.json({}, { status: 500 }));
    renderRoute('/dashboard/loans-and-payments/7/change-due-date');
    const date = await screen.findByLabelText(/New due date/);
    fireEvent.input(date, { target: { value: '2029-03-01' } });
    fireEvent.submit(date.closest('form')!);
    expect(await screen.findByText('Choose a date from 01/18/2029 to 02/17/2029, other than 02/02/2029.')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });

  it('the server’s word on a field goes under it; any other refusal is the form’s message, focused', async () => {
    let status = 422;
    const { posts } = world(() =>
      status === 422 ? HttpResponse.json({ errors: { date: ['is not a business day'] } }, { status }) : HttpResponse.json({}, { status }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/loans-and-payments/7/change-due-date');
    const date = await screen.findByLabelText(/New due date/);
    fireEvent.input(date, { target: { value: '2029-02-12' } });
    await user.type(await screen.findByLabelText(/Type your full legal name to sign/), '  Ana Lopez');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign the Due date change agreement electronically.' }));
    await user.click(screen.getByRole('button', { name: 'Sign and change my due date' }));
    expect(await screen.findByText('is not a business day')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([{ date: '2029-02-12', signature_name: '  Ana Lopez', agree: true }]);

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Sign and change my due date' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DUE_DATE_TEXT.submitFailed);
    expect(alert.parentElement).toHaveFocus();
  });
});
