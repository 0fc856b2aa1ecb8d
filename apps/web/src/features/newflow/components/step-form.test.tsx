import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { StepForm, stepErrors } from './step-form';

const schema = z
  .object({ code: z.string() })
  .superRefine(({ code }, ctx) => {
    if (!/^\d{3}$/.test(code)) ctx.addIssue({ code: 'custom', message: 'Three digits.', path: ['code'] });
  })
  .transform(({ code }) => ({ workflow_status_key: 'code_step', code: Number(code) }));

function CodeStep({ onSubmit, submitDisabled }: { onSubmit: (body: unknown) => Promise<void>; submitDisabled?: boolean | 'until-valid' }) {
  return (
    <StepForm schema={schema} defaultValues={{ code: '' }} onSubmit={onSubmit} pending={false} submitDisabled={submitDisabled}>
      {({ watch, setValue, formState: { isSubmitted } }) => (
        <>
          <label htmlFor="code">Code</label>
          <input id="code" value={watch('code')} onChange={(event) => setValue('code', event.target.value)} />
          <p>{isSubmitted ? stepErrors(schema, watch()).code : null}</p>
        </>
      )}
    </StepForm>
  );
}

describe('StepForm on the kit form', () => {
  it('keeps the submit disabled until the schema takes the answers, then hands over its output', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<CodeStep onSubmit={onSubmit} submitDisabled="until-valid" />);
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '12');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '3');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ workflow_status_key: 'code_step', code: 123 }, expect.anything()]);
  });

  it('a submit the schema refuses sends nothing and reveals the messages', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<CodeStep onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Code'), '1');
    expect(screen.queryByText('Three digits.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Three digits.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
