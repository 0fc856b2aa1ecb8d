import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfirmDialog, ReasonConfirmDialog } from './confirm-dialog';
import { Form, FormError } from './form';
import { Select } from './select';
import { FormErrorSummary, summaryEntries } from './form-error-summary';
import { EmailField } from './email-field';
import { MoneyField, moneyDefault, moneyInput } from './money-field';
import { PasswordPair } from './password-pair';
import { StepActions } from './step-actions';
import { TextField } from './text-field';
import { ValidatedForm } from './validated-form';

describe('FormErrorSummary', () => {
  it('lists every message as a link to its field, is announced and takes focus', async () => {
    const user = userEvent.setup();
    render(
      <form>
        <FormErrorSummary errors={{ name: 'Enter your name.', amount: undefined, 'address.zip': 'Enter the ZIP code.' }} />
        <input name="name" aria-label="Name" />
        <input name="address.zip" aria-label="ZIP" />
      </form>,
    );
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Enter your name.', 'Enter the ZIP code.']);

    await user.click(within(summary).getByRole('link', { name: 'Enter the ZIP code.' }));
    expect(screen.getByRole('textbox', { name: 'ZIP' })).toHaveFocus();
  });

  it('reads react-hook-form errors, nested and root ones, and shows nothing without errors', () => {
    expect(
      summaryEntries({
        lines: [{ amount: { type: 'custom', message: 'Enter an amount.' } }],
        root: { server: { type: 'server', message: 'The server refused it.' } },
      } as never),
    ).toEqual([
      { field: 'lines.0.amount', message: 'Enter an amount.' },
      { field: 'root.server', message: 'The server refused it.' },
    ]);
    const { container } = render(<FormErrorSummary errors={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

const nameSchema = z.object({ name: z.string().trim().min(1, 'Enter your name.'), city: z.string().min(1, 'Enter the city.') });

function NameCityForm({ errorSummary, onSubmit }: { errorSummary?: boolean; onSubmit: (values: z.output<typeof nameSchema>, form: unknown) => void }) {
  return (
    <Form schema={nameSchema} options={{ defaultValues: { name: '', city: '' } }} errorSummary={errorSummary} onSubmit={onSubmit} aria-label="Who">
      {({ register, formState }) => (
        <>
          <TextField label="Name" error={formState.errors.name?.message} {...register('name')} />
          <TextField label="City" error={formState.errors.city?.message} {...register('city')} />
          <button type="submit">Save</button>
        </>
      )}
    </Form>
  );
}

describe('Form', () => {
  it('with errorSummary: a failed submit shows the summary and focuses it; a valid one submits typed values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NameCityForm errorSummary onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter your name.', 'Enter the city.']);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Ana ');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Reno');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', city: 'Reno' }, expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a registered select at its default value, and a server failure shows in FormError', async () => {
    const user = userEvent.setup();
    render(
      <Form
        schema={z.object({ kind: z.enum(['a', 'b']) })}
        options={{ defaultValues: { kind: 'b' } }}
        submitError={(error) => (error instanceof Error ? `Refused: ${error.message}` : null)}
        onSubmit={() => Promise.reject(new Error('closed'))}
      >
        {({ register, watch }) => (
          <>
            <Select
              label="Kind"
              options={[
                { value: 'a', label: 'A' },
                { value: 'b', label: 'B' },
              ]}
              {...register('kind')}
            />
            <p>Chosen: {watch('kind')}</p>
            <FormError />
            <button type="submit">Save</button>
          </>
        )}
      </Form>,
    );
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('b');
    expect(screen.getByText('Chosen: b')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Refused: closed');
  });

  it('without errorSummary: no summary, focus goes to the first wrong field', async () => {
    const user = userEvent.setup();
    render(<NameCityForm onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('moneyInput and MoneyField', () => {
  it('reads typed dollars as integer cents through the money-input parser', () => {
    const schema = moneyInput();
    expect(schema.parse('50')).toBe(5000);
    expect(schema.parse('$1,250.05')).toBe(125005);
    expect(schema.parse('.5')).toBe(50);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Please enter the payment amount.');
    expect(schema.safeParse('12,50').error?.issues[0]?.message).toMatch(/dollars and cents/);
    expect(schema.safeParse('1.005').error?.issues[0]?.message).toMatch(/at most 2 decimals/);
    expect(moneyInput({ message: 'Enter the amount in dollars.' }).safeParse('abc').error?.issues[0]?.message).toBe('Enter the amount in dollars.');
    expect(moneyInput({ min: 1000 }).safeParse('9.99').error?.issues[0]?.message).toBe('The amount must be at least $10.00.');
    expect(moneyInput({ optional: true }).parse('  ')).toBeNull();
    expect(moneyDefault(123456)).toBe('1,234.56');
    expect(moneyDefault(null)).toBe('');
  });

  it('shows dollars, submits cents and shows the schema message under the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Form
        schema={z.object({ amount: moneyInput({ min: 1 }) })}
        options={{ defaultValues: { amount: moneyDefault(2500) } }}
        onSubmit={(values) => onSubmit(values)}
      >
        {() => (
          <>
            <MoneyField name="amount" label="Amount" hint="In dollars" />
            <button type="submit">Pay</button>
          </>
        )}
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('25.00');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.clear(input);
    await user.type(input, 'ten');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/In dollars Please enter the amount in dollars and cents/));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '1,250.5');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: 125050 }));
  });

  it('shows the message it is given in place of the form’s, and calls its own change and blur after the form’s', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    const left = vi.fn();
    function Given({ error }: { error?: string | null }) {
      return (
        <Form schema={z.object({ amount: moneyInput() })} options={{ defaultValues: { amount: '' } }} onSubmit={vi.fn()}>
          {() => (
            <>
              <MoneyField name="amount" label="Amount" error={error} onChange={(event) => changed(event.target.value)} onBlur={left} />
              <button type="submit">Pay</button>
            </>
          )}
        </Form>
      );
    }
    const { rerender } = render(<Given error={null} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).not.toHaveAttribute('aria-invalid');
    rerender(<Given error="Too much." />);
    expect(input).toHaveAccessibleDescription('Too much.');
    await user.type(input, '12');
    expect(changed).toHaveBeenLastCalledWith('12');
    await user.tab();
    expect(left).toHaveBeenCalledTimes(1);
  });
});

describe('EmailField', () => {
  it("is the form's e-mail: the e-mail keyboard and autofill, the schema's message, its own change after the form's", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const changed = vi.fn();
    render(
      <Form schema={z.object({ email: z.email('Enter a valid e-mail.') })} options={{ defaultValues: { email: '' } }} onSubmit={(values) => onSubmit(values)}>
        {() => (
          <>
            <EmailField autoComplete="username" onChange={(event) => changed(event.target.value)} />
            <button type="submit">Go</button>
          </>
        )}
      </Form>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toBeRequired();
    await user.type(email, 'ana');
    expect(changed).toHaveBeenLastCalledWith('ana');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid e-mail.'));
    await user.type(email, '@example.com');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@example.com' }));
  });
});

describe('PasswordPair', () => {
  const schema = z
    .object({ password: z.string().min(8, 'Too short.'), password_confirmation: z.string().min(1, 'Required.') })
    .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: "doesn't match Password" });

  it('labels both fields, shows the rules, and checks an answered confirmation again when the password changes', async () => {
    const user = userEvent.setup();
    render(
      <Form schema={schema} options={{ defaultValues: { password: '', password_confirmation: '' } }} onSubmit={vi.fn()}>
        {() => <PasswordPair labels={{ password: 'New password', confirmation: 'Confirm new password' }} />}
      </Form>,
    );
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('list', { name: 'Password rules' })).toBeInTheDocument();

    await user.type(password, 'Secret123');
    await user.type(confirmation, 'Secret123');
    await user.tab();
    expect(confirmation).not.toHaveAttribute('aria-invalid');
    await user.type(password, '4');
    await waitFor(() => expect(confirmation).toHaveAccessibleDescription("doesn't match Password"));
    // No spaces, typed or pasted.
    await user.type(confirmation, ' 4');
    expect(confirmation).toHaveValue('Secret1234');
    await waitFor(() => expect(confirmation).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByRole('button', { name: 'Show new password' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('ValidatedForm with kit fields (public pages, no zod)', () => {
  it('gives PasswordPair its form through context and shows the plain validator’s messages', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <ValidatedForm
        validate={(v: { password: string; password_confirmation: string }) =>
          v.password === v.password_confirmation && v.password !== '' ? { values: v } : { errors: { password_confirmation: "doesn't match Password" } }
        }
        options={{ defaultValues: { password: '', password_confirmation: '' } }}
        onSubmit={onSubmit}
      >
        {() => (
          <>
            <PasswordPair />
            <StepActions submitLabel="Create account" />
          </>
        )}
      </ValidatedForm>,
    );
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("doesn't match Password"));
    await user.type(screen.getByLabelText('Confirm password'), '3');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'Secret123', password_confirmation: 'Secret123' }, expect.anything()));
  });
});

describe('StepActions', () => {
  it('is Continue, the hint that describes it, then Back', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    render(
      <form>
        <StepActions disabled hint="Accept the loan terms to continue." onBack={onBack} />
      </form>,
    );
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Accept the loan terms to continue.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('takes its labels, shows the pending spinner and no Back without onBack', () => {
    render(
      <form>
        <StepActions submitLabel="Confirm" submitId="employer-confirm" pending />
      </form>,
    );
    const submit = screen.getByRole('button', { name: /Confirm/ });
    expect(submit).toHaveAttribute('id', 'employer-confirm');
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('outside a form: a plain button that runs onSubmit, what it needs above it, the extra class on the footer', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<StepActions onSubmit={onSubmit} before={<p>Consent</p>} className="roomy" />);
    const main = screen.getByRole('button', { name: 'Continue' });
    expect(main).toHaveAttribute('type', 'button');
    expect(container.firstElementChild).toHaveClass('roomy');
    expect(container.firstElementChild?.firstElementChild).toHaveTextContent('Consent');
    await user.click(main);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reverse
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={onConfirm}
        title="Reverse this payment?"
        description="The payment is taken off the loan."
        confirmLabel="Reverse payment"
        danger
        error="The payment was already reversed."
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, confirms, cancels and returns focus to what opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Reverse' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Reverse this payment?' });
    expect(dialog).toHaveAccessibleDescription('The payment is taken off the loan.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The payment was already reversed.');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('ReasonConfirmDialog', () => {
  it('needs the reason within its rule before confirming, and starts empty when opened again', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Cancel loan
          </button>
          <ReasonConfirmDialog
            open={open}
            onClose={() => setOpen(false)}
            onConfirm={(reason) => {
              onConfirm(reason);
              setOpen(false);
            }}
            reasonRule={{ min: 3, max: 500, message: 'Give the reason (3 to 500 characters).' }}
            title="Cancel this loan?"
            confirmLabel="Cancel the loan"
            danger
          />
        </>
      );
    }
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this loan?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' no');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the loan' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give the reason (3 to 500 characters).');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 't delivered ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the loan' }));
    expect(onConfirm).toHaveBeenCalledWith('not delivered');
    await user.click(screen.getByRole('button', { name: 'Cancel loan' }));
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });
});
