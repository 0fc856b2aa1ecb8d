import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Breadcrumb, NEW_FLOW_STEPS } from './breadcrumb';
import { Button } from './button';
import { NEW_LOAN_STEPS, Stepper } from './stepper';
import { Table } from './table';

describe('Stepper', () => {
  it('marks the current step and is hidden at step 0', () => {
    const { rerender } = render(<Stepper steps={NEW_LOAN_STEPS} current={3} />);
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveTextContent('Documents');
    expect(items[0]).toHaveTextContent('About Yourself (completed)');

    rerender(<Stepper steps={NEW_LOAN_STEPS} current={0} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('Breadcrumb', () => {
  it('lists the six new-flow steps with the current one marked', () => {
    render(<Breadcrumb step={1} />);
    const nav = screen.getByRole('navigation', { name: 'Application steps' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/^\d/, '').replace(' (completed)', ''))).toEqual([...NEW_FLOW_STEPS]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
  });

  it.each([[undefined], [-1], [null]])('is hidden when the step is %s', (step) => {
    render(<Breadcrumb step={step} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('Table', () => {
  const columns = [
    { key: 'date', header: 'Date', cell: (row: { date: string; amount: string }) => row.date },
    { key: 'amount', header: 'Amount', align: 'end' as const, cell: (row: { date: string; amount: string }) => row.amount },
  ];

  it('has a caption, column headers and rows', () => {
    render(<Table caption="Payments" columns={columns} rows={[{ date: '03/07/2024', amount: '$120.00' }]} getRowKey={(row) => row.date} />);
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Amount']);
    expect(within(table).getByRole('cell', { name: '$120.00' })).toHaveAttribute('data-label', 'Amount');
  });

  it('shows an empty-state message', () => {
    render(<Table caption="Payments" columns={columns} rows={[]} getRowKey={(row) => row.date} emptyMessage="No payments yet." />);
    expect(screen.getByRole('cell', { name: 'No payments yet.' })).toHaveAttribute('colspan', '2');
  });

  it('scrolls a long table in a bounded, focusable box when given a height', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ date: `d${i}`, amount: '$1.00' }));
    render(<Table caption="Schedule" columns={columns} rows={rows} getRowKey={(row) => row.date} maxHeight="28rem" />);
    const box = screen.getByRole('group', { name: 'Schedule' });
    expect(box).toHaveAttribute('data-bounded');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.style.getPropertyValue('--table-max-height')).toBe('28rem');
  });
});

describe('Button', () => {
  it('ignores clicks and reports busy while loading, but stays focusable', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders an anchor for external links', () => {
    render(
      <Button href="https://example.com/doc.pdf" variant="secondary">
        Download
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://example.com/doc.pdf');
  });
});
