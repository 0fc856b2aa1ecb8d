import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MaskedTextField } from './masked-text-field';
import { TextField } from './text-field';

function MaskedHarness({ mask, onValueChange }: { mask: string; onValueChange?: (value: string, raw: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <MaskedTextField
      label="Mobile phone"
      mask={mask}
      value={value}
      onValueChange={(masked, raw) => {
        setValue(masked);
        onValueChange?.(masked, raw);
      }}
    />
  );
}

describe('TextField', () => {
  it('labels the input and links hint and error through aria-describedby', () => {
    render(<TextField label="E-mail" hint="We send your confirmation code here." error="Invalid e-mail." defaultValue="ana@" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send your confirmation code here. Invalid e-mail.');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="E-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('shows "(optional)" for optional fields', () => {
    render(<TextField label="Referral code" optional />);
    expect(screen.getByRole('textbox', { name: 'Referral code (optional)' })).toBeInTheDocument();
  });

  it('forwards its ref and works with uncontrolled typing', async () => {
    const user = userEvent.setup();
    const ref = { current: null as HTMLInputElement | null };
    render(<TextField label="First name" ref={ref} />);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    expect(ref.current?.value).toBe('Ana');
  });

  it('masks a US phone as (###)###-#### and reports the raw digits', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<MaskedHarness mask="(###)###-####" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });

    await user.type(input, '5551234567');

    expect(input).toHaveValue('(555)123-4567');
    expect(onValueChange).toHaveBeenLastCalledWith('(555)123-4567', '5551234567');
  });

  it('ignores letters and extra digits in an SSN mask', async () => {
    const user = userEvent.setup();
    render(<MaskedHarness mask="###-##-####" />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    await user.type(input, '12a3456789999');
    expect(input).toHaveValue('123-45-6789');
  });

  it('masks dates as ##/##/####', async () => {
    const user = userEvent.setup();
    render(<MaskedHarness mask="##/##/####" />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    await user.type(input, '03071990');
    expect(input).toHaveValue('03/07/1990');
  });

  it('formats money with thousands separators', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<MaskedHarness mask="money" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    await user.type(input, '2500.5');
    expect(input).toHaveValue('$2,500.5');
    expect(onValueChange).toHaveBeenLastCalledWith('$2,500.5', '2500.5');
  });

  it('shows a value set from outside in masked form', () => {
    render(<MaskedTextField label="Phone" mask="(###)###-####" value="5551234567" onValueChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555)123-4567');
  });
});
