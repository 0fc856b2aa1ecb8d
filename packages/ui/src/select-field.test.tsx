import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form } from './form';
import { SelectField } from './select-field';
import type { SelectOption } from './select';

const schema = z.object({ state_id: z.string().min(1, 'Choose a state.') });
const TEXAS = { value: '44', label: 'TX - Texas' };

let setOptions: Dispatch<SetStateAction<SelectOption[]>> = () => undefined;

function StateForm({ onSubmit, initial, defaultValue = '' }: { onSubmit: (values: unknown) => void; initial: SelectOption[]; defaultValue?: string }) {
  const [options, set] = useState<SelectOption[]>(initial);
  setOptions = set;
  return (
    <Form schema={schema} options={{ defaultValues: { state_id: defaultValue } }} onSubmit={onSubmit} aria-label="Where">
      {() => (
        <>
          <SelectField name="state_id" label="State" placeholder="Choose a state" options={options} />
          <button type="submit">Save</button>
        </>
      )}
    </Form>
  );
}

describe('SelectField', () => {
  it('keeps its default value when the options render after it (a list still loading)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<StateForm onSubmit={onSubmit} initial={[]} defaultValue="44" />);
    act(() => setOptions([{ value: '5', label: 'CA - California' }, TEXAS]));
    const select = screen.getByRole('combobox', { name: 'State' });
    await waitFor(() => expect(select).toHaveValue('44'));
    expect(select).toHaveAttribute('name', 'state_id');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ state_id: '44' });
  });

  it("shows the schema's message under it and sends the option chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<StateForm onSubmit={onSubmit} initial={[{ value: '5', label: 'CA - California' }, TEXAS]} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a state.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.selectOptions(select, 'TX - Texas');
    await waitFor(() => expect(screen.queryByText('Choose a state.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ state_id: '44' });
  });
});
