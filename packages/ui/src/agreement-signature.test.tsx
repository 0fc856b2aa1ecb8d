import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AgreementSignature } from './agreement-signature';
import { Form } from './form';

const schema = z.object({
  signature_name: z.string().refine((name) => name.trim() !== '', 'Type your full legal name.'),
  agree: z.boolean().refine((agree) => agree, 'Check the box to agree.'),
});

function renderSigning(onSubmit: (values: z.output<typeof schema>) => Promise<unknown>) {
  render(
    <Form
      schema={schema}
      options={{ defaultValues: { signature_name: '', agree: false } }}
      submitError={(error) => (error instanceof Error ? error.message : null)}
      onSubmit={onSubmit}
    >
      {() => (
        <>
          <AgreementSignature
            id="plan-agreement"
            title="Plan agreement"
            paragraphs={['First term.', 'Second term.']}
            agreeLabel="I agree to sign it electronically."
          />
          <button type="submit">Sign</button>
        </>
      )}
    </Form>,
  );
}

describe('AgreementSignature', () => {
  it('shows the agreement, refuses without a name and consent, and sends both', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderSigning(onSubmit);
    expect(screen.getByRole('region', { name: 'Plan agreement' })).toHaveTextContent('First term.Second term.');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Type your full legal name.')).toBeInTheDocument();
    expect(screen.getByText('Check the box to agree.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Type your full legal name to sign/ }), 'Ana Diaz');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign it electronically.' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ signature_name: 'Ana Diaz', agree: true }, expect.anything()));
  });

  it('focuses the refusal of a failed submit', async () => {
    const user = userEvent.setup();
    renderSigning(() => Promise.reject(new Error('The plan has expired.')));
    await user.type(screen.getByRole('textbox', { name: /Type your full legal name to sign/ }), 'Ana Diaz');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign it electronically.' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plan has expired.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });
});
