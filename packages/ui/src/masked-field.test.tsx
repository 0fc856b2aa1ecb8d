import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form } from './form';
import { MaskedField } from './masked-field';

const schema = z.object({ routing: z.string().regex(/^\d{9}$/, 'Enter 9 digits.'), expiry: z.string() });

function renderFields(onSubmit: (v: z.output<typeof schema>) => void, routingError?: string | null) {
  render(
    <Form schema={schema} options={{ defaultValues: { routing: '', expiry: '' } }} onSubmit={onSubmit}>
      {() => (
        <>
          <MaskedField
            name="routing"
            label="Routing number"
            mask="###-###-###"
            inputMode="numeric"
            {...(routingError !== undefined ? { error: routingError } : {})}
          />
          <MaskedField name="expiry" keep="masked" label="Expiration date" mask="##/####" />
          <button type="submit">Save</button>
        </>
      )}
    </Form>,
  );
}

describe('MaskedField', () => {
  it('formats as the person types; the form keeps the raw digits or the shown text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderFields(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /Routing number/ }), '021000021');
    await user.type(screen.getByRole('textbox', { name: /Expiration date/ }), '122030');
    expect(screen.getByRole('textbox', { name: /Routing number/ })).toHaveValue('021-000-021');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ routing: '021000021', expiry: '12/2030' }, expect.anything()));
  });

  it("shows the schema's message under the field", async () => {
    const user = userEvent.setup();
    renderFields(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter 9 digits.')).toBeInTheDocument();
  });

  it('shows nothing with error={null}', async () => {
    const user = userEvent.setup();
    renderFields(vi.fn(), null);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Routing number/ })).toHaveFocus());
    expect(screen.queryByText('Enter 9 digits.')).not.toBeInTheDocument();
  });
});
