import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { notify } from './toast/notify';
import { Toaster } from './toast/toaster';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit phone
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Edit phone number"
        description="We will text you a code."
        footer={<button type="button">Save</button>}
      >
        <label>
          Phone <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal and moves focus inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit phone' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit phone number' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('We will text you a code.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Edit phone' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toHaveAttribute('open');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows notifications inside the open dialog, where they are not inert', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Toaster />
        <Harness />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit phone' }));
    act(() => {
      notify.success('Phone number verified!');
    });
    expect(within(screen.getByRole('dialog')).getByText('Phone number verified!')).toBeInTheDocument();
    expect(screen.getAllByText('Phone number verified!')).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.getByText('Phone number verified!')).toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Edit phone' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
