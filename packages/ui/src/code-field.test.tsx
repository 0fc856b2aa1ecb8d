import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CodeField } from './code-field';
import type { CodeFieldProps } from './code-field';
import { Form } from './form';

const schema = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.') });

function CodeForm({ onSubmit = () => undefined, ...field }: Partial<CodeFieldProps> & { onSubmit?: (values: { code: string }) => void }) {
  return (
    <Form schema={schema} options={{ defaultValues: { code: '' } }} onSubmit={onSubmit} aria-label="Code">
      {() => (
        <>
          <CodeField label="Verification code" length={6} kind="digits" {...field} />
          <button type="submit">Verify</button>
        </>
      )}
    </Form>
  );
}

describe('CodeField', () => {
  it('is a one-time-code input of at most `length` characters, rewritten as typed, submitted under its name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onCodeChange = vi.fn();
    render(<CodeForm onSubmit={onSubmit} normalize={(value) => value.replace(/\D/g, '')} onCodeChange={onCodeChange} />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(input).toHaveAttribute('name', 'code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');

    await user.type(input, '12a 3456');
    expect(input).toHaveValue('123456');
    expect(onCodeChange).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: '123456' }, expect.anything()));
  });

  it('takes letters in capitals without spell check for an e-mailed code', () => {
    render(<CodeForm kind="characters" />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(input).toHaveAttribute('inputmode', 'text');
    expect(input).toHaveAttribute('autocapitalize', 'characters');
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it("shows the schema's message, and the server's message instead of it", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CodeForm />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    rerender(<CodeForm error="The code is wrong." />);
    expect(screen.getByText('The code is wrong.')).toBeInTheDocument();
    expect(screen.queryByText('Enter the 6-digit code.')).not.toBeInTheDocument();
  });

  it("leaves the schema's message out when schemaMessage is off", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<CodeForm schemaMessage={false} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.queryByText('Enter the 6-digit code.')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
