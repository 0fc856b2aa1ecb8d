import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

export interface SigningWalk {
  /** The sign button's name. */
  button: string;
  /** The consent checkbox's name, and the message under it while it is not ticked. */
  consent: string;
  consentRequired: string;
  /** What the page says when the server refuses the typed name (the loan is Ana Lopez's; "Ana Lopes" is typed first). */
  nameMismatch: string;
  /** The sign requests the page made so far: none may leave while the form is refused. */
  posts: readonly unknown[];
}

/**
 * The walk through an agreement's signature (components/agreement-signing): Sign with nothing filled in is
 * refused in the page, a name the server does not match is refused with its message, and the corrected name
 * is sent. Ends after the last click; the caller checks what signing did.
 */
export async function signAfterRefusals({ button, consent, consentRequired, nameMismatch, posts }: SigningWalk) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByText('Please type your full legal name to sign.')).toBeInTheDocument();
  expect(screen.getByText(consentRequired)).toBeInTheDocument();
  expect(posts).toHaveLength(0);

  await userEvent.type(screen.getByLabelText(/Type your full legal name to sign/), 'Ana Lopes');
  await userEvent.click(screen.getByRole('checkbox', { name: consent }));
  await userEvent.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByText(nameMismatch)).toBeInTheDocument();

  const name = screen.getByLabelText(/Type your full legal name to sign/);
  await userEvent.clear(name);
  await userEvent.type(name, 'Ana Lopez');
  await userEvent.click(screen.getByRole('button', { name: button }));
}
