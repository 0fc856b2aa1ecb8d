import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form } from './form';
import { PasswordPair } from './password-pair';
import type { PasswordPairProps } from './password-pair';

const schema = z
  .object({ password: z.string().min(8, 'Too short.'), password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'password does not match' });

function PairForm(props: PasswordPairProps) {
  return (
    <Form schema={schema} options={{ defaultValues: { password: '', password_confirmation: '' } }} onSubmit={() => undefined} aria-label="Pair">
      {() => (
        <>
          <PasswordPair {...props} />
          <button type="submit">Save</button>
        </>
      )}
    </Form>
  );
}

describe('PasswordPair errors option', () => {
  it("shows the schema's messages by default", async () => {
    const user = userEvent.setup();
    render(<PairForm />);
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret-pass2');
    await user.tab();
    expect(await screen.findByText('password does not match')).toBeInTheDocument();
  });

  it('shows only the messages it is given, never the schema ones', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PairForm errors={{}} />);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Too short.')).not.toBeInTheDocument();
    expect(screen.queryByText('password does not match')).not.toBeInTheDocument();

    rerender(<PairForm errors={{ password: 'Server says no.', confirmation: 'Repeat it.' }} />);
    expect(screen.getByText('Server says no.')).toBeInTheDocument();
    expect(screen.getByText('Repeat it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });
});
