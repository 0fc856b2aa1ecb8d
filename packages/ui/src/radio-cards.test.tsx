import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioCards } from './radio-cards';

type Method = 'allotment' | 'auto_debit' | 'online';

function Harness({ onChange }: { onChange?: (value: Method) => void }) {
  const [value, setValue] = useState<Method | null>('allotment');
  return (
    <>
      <RadioCards<Method>
        legend="How do you want to repay?"
        name="repay"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        hint="You can change this before signing."
        options={[
          { value: 'allotment', label: 'Payroll allotment', description: 'From each paycheck' },
          { value: 'auto_debit', label: 'Auto-debit', description: 'From your bank account' },
          { value: 'online', label: 'Online payment', disabled: true },
        ]}
      />
      <button type="button">Continue</button>
    </>
  );
}

describe('RadioCards', () => {
  it('is a named radiogroup of native radios with descriptions', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'How do you want to repay?' })).toHaveAccessibleDescription('You can change this before signing.');
    expect(screen.getByRole('radio', { name: 'Payroll allotment' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Auto-debit' })).toHaveAccessibleDescription('From your bank account');
  });

  it('moves the selection with the arrow keys and skips disabled options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);

    await user.tab();
    expect(screen.getByRole('radio', { name: 'Payroll allotment' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Auto-debit' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Auto-debit' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('auto_debit');

    // The disabled "Online payment" is skipped; the group wraps around.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Payroll allotment' })).toBeChecked();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Auto-debit' })).toBeChecked();
  });

  it('is one tab stop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('selects by clicking anywhere on the card', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('From your bank account'));
    expect(screen.getByRole('radio', { name: 'Auto-debit' })).toBeChecked();
  });
});
