import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form } from './form';
import { PasswordPair } from './password-pair';
import type { PasswordPairProps } from './password-pair';
import { PasswordInputField } from './password-input-field';

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

describe('PasswordInputField', () => {
  const signIn = z.object({ password: z.string().min(1, 'Enter your password.') });

  function SignInForm({ error, onSubmit }: { error?: string | null; onSubmit: (values: { password: string }) => void }) {
    return (
      <Form schema={signIn} options={{ defaultValues: { password: '' } }} onSubmit={onSubmit} aria-label="Sign in">
        {() => (
          <>
            <PasswordInputField name="password" label="Password" autoComplete="current-password" error={error} />
            <button type="submit">Sign in</button>
          </>
        )}
      </Form>
    );
  }

  it("binds the password to the form: the schema's message, spaces left out, the typed value submitted", async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    render(<SignInForm onSubmit={(values) => submitted.push(values)} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    await user.type(password, 'Se cret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(submitted).toEqual([{ password: 'Secret' }]));
  });

  it('shows no message when given null', async () => {
    const user = userEvent.setup();
    render(<SignInForm error={null} onSubmit={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
  });
});
