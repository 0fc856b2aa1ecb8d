import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TEmployerRemittance, TEmployerRemittanceSubmitted } from '@payrail/contract/employer-remittances';
import { axeViolations } from '../../../test/axe';
import { portalHandlers, signIn } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const submitted: TEmployerRemittanceSubmitted = {
  id: 31,
  pay_date: '2031-03-14',
  method: 'upload',
  file_name: 'march.csv',
  submitted_at: '2031-03-14T15:00:00.000Z',
  submitted_by: 'Harriet Ross',
  expected: 19540,
  remitted: 17040,
  counts: { exact: 1, short: 1, over: 0, missing: 0, unknown_employee: 0 },
  lines: [
    { employee_id: 'A-1001', employee_name: 'Devon Okafor', expected: 12540, remitted: 12540, difference: 0, status: 'exact', reason: 'Remitted as deducted.' },
    {
      employee_id: 'A-1003',
      employee_name: 'Sam Reyes',
      expected: 7000,
      remitted: 4500,
      difference: -2500,
      status: 'short',
      reason: 'Remitted $45.00 of $70.00: $25.00 short.',
    },
  ],
  duplicate: false,
};

const CSV = 'pay_date,employee_id,employee_name,deduction,change\n2031-03-14,A-1001,Devon Okafor,125.40,unchanged\n2031-03-14,A-1003,Sam Reyes,45.00,new\n';

describe('Remittances', () => {
  it('uploads the CSV and shows the reconciliation, the short line with its difference', async () => {
    signIn();
    let body: unknown = null;
    server.use(
      http.post(ep('/remittances'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(submitted);
      }),
      ...portalHandlers,
    );
    renderRoute('/remittances');
    expect(await screen.findByRole('heading', { level: 1, name: 'Remittances' })).toBeInTheDocument();
    expect(await screen.findByText('No remittance submitted yet.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();

    // Without a file: a clear message, no call.
    await user.click(screen.getByRole('button', { name: 'Submit the remittance' }));
    expect(await screen.findByText('Choose the remittance CSV file.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Remittance file (CSV)'), new File([CSV], 'march.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Submit the remittance' }));

    const heading = await screen.findByRole('heading', { name: 'Reconciliation of your remittance' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(body).toEqual({ csv: CSV, file_name: 'march.csv' });
    const table = screen.getByRole('table', { name: 'Reconciliation for the pay date 03/14/2031' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Devon OkaforA-1001$125.40$125.40$0.00Exact');
    expect(rows[2]).toHaveTextContent('Sam ReyesA-1003$70.00$45.00−$25.00ShortRemitted $45.00 of $70.00: $25.00 short.');
    expect(screen.getByText('1 exact, 1 short')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('enters the totals on screen, prefilled from the deduction file', async () => {
    signIn();
    let body: unknown = null;
    server.use(
      http.post(ep('/remittances'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...submitted, method: 'screen', file_name: null });
      }),
      ...portalHandlers,
    );
    renderRoute('/remittances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Enter totals on screen/ }));
    expect(screen.getByLabelText('Pay date')).toHaveValue('2031-03-14');
    const sam = screen.getByRole('textbox', { name: 'Remitted for Sam Reyes ($)' });
    expect(sam).toHaveValue('70.00');
    expect(screen.getByRole('textbox', { name: 'Remitted for Devon Okafor ($)' })).toHaveValue('125.40');
    // The ended employee (nothing to deduct) is not listed.
    expect(screen.queryByRole('textbox', { name: /Maria Lopez/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.clear(sam);
    await user.type(sam, '45,0');
    await user.click(screen.getByRole('button', { name: 'Submit the remittance' }));
    expect(await screen.findByText('Enter the amount remitted in dollars, for example 125.40 (0.00 if nothing).')).toBeInTheDocument();
    expect(sam).toHaveAttribute('aria-invalid', 'true');

    await user.clear(sam);
    await user.type(sam, '45');
    await user.click(screen.getByRole('button', { name: 'Add an employee' }));
    await user.type(screen.getByRole('textbox', { name: 'Employee id (added line 3)' }), 'Z-9');
    await user.type(screen.getByRole('textbox', { name: 'Remitted ($), added line 3' }), '10.00');
    await user.click(screen.getByRole('button', { name: 'Submit the remittance' }));
    expect(await screen.findByRole('heading', { name: 'Reconciliation of your remittance' })).toBeInTheDocument();
    expect(body).toEqual({
      pay_date: '2031-03-14',
      lines: [
        { employee_id: 'A-1001', amount: 12540 },
        { employee_id: 'A-1003', amount: 4500 },
        { employee_id: 'Z-9', amount: 1000 },
      ],
    });
  });

  it('lists every line error of a refused file', async () => {
    signIn();
    server.use(
      http.post(ep('/remittances'), () =>
        HttpResponse.json(
          {
            error: 'The remittance has errors; nothing was posted.',
            line_errors: [{ line: 3, column: 'deduction', message: 'Deduction "abc" is not a dollar amount with at most two decimals (for example 125.40).' }],
          },
          { status: 422 },
        ),
      ),
      ...portalHandlers,
    );
    renderRoute('/remittances');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Remittance file (CSV)'), new File([CSV], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Submit the remittance' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The remittance has errors; nothing was posted.');
    expect(alert).toHaveTextContent('Line 3: Deduction "abc" is not a dollar amount');
  });

  it('shows the history and opens a past reconciliation', async () => {
    signIn();
    const { lines, duplicate, ...summary } = submitted;
    void duplicate;
    const past: TEmployerRemittance = summary;
    server.use(
      http.get(ep('/remittances'), () => HttpResponse.json({ remittances: [past] })),
      http.get(ep('/remittances/31'), () => HttpResponse.json({ ...past, lines })),
      ...portalHandlers,
    );
    renderRoute('/remittances');
    const history = await screen.findByRole('table', { name: 'Remittances submitted' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('03/14/2031');
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('File march.csv$195.40$170.401 exact, 1 short');
    await userEvent.setup().click(screen.getByRole('button', { name: 'View the reconciliation of 03/14/2031' }));
    const heading = await screen.findByRole('heading', { name: 'Reconciliation of 03/14/2031' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Remitted $45.00 of $70.00: $25.00 short.')).toBeInTheDocument();
  });
});
