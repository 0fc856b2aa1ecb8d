import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render';
import { signInAs } from '../../../test/fixtures';

describe('404', () => {
  it("shows 'PAGE NOT FOUND' for an unknown path, titled, with a button to /signin", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Payrail'));

    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('keeps the shell: skip link, header phone and legal links', async () => {
    renderRoute('/missing');
    await screen.findByRole('heading', { name: 'PAGE NOT FOUND' });
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('link', { name: 'Call customer service at (888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy_policy');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/service_terms');
    expect(screen.getByText(/Harbor Point Bank, N\.A\./)).toBeInTheDocument();
  });

  it('offers the dashboard, not sign in, to a borrower who is signed in', async () => {
    signInAs();
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).not.toBeInTheDocument();
  });
});
