import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pendingRequests } from '@payrail/client/pending-requests';
import { StaffShell } from './staff-shell';
import type { StaffShellProps } from './staff-shell';
import { Toaster } from './toast/toaster';

const LINKS = [
  { to: '/', label: 'Queue', end: true },
  { to: '/loans', label: 'Loans' },
];

function renderShell(props: Partial<StaffShellProps> = {}, path = '/') {
  const signOut = { mutate: vi.fn((_: undefined, options: { onSettled: () => void }) => options.onSettled()), isPending: false };
  const router = createMemoryRouter(
    [
      {
        element: (
          <StaffShell product="Back office" signedIn who={{ primary: 'Ada Admin', secondary: 'Administrator' }} links={LINKS} signOut={signOut} {...props}>
            <Outlet />
          </StaffShell>
        ),
        children: [
          { path: '/', element: <h1>Queue page</h1> },
          { path: '/loans', element: <h1>Loans page</h1> },
        ],
      },
      { path: '/signin', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <>
      <Toaster />
      <RouterProvider router={router} />
    </>,
  );
  return { router, signOut, ...utils };
}

describe('StaffShell', () => {
  it('shows the product, who is signed in, the pages (the current one marked) and the page in main', () => {
    renderShell({}, '/loans');
    expect(screen.getByText('Back office')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Loans' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Queue' })).not.toHaveAttribute('aria-current');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Loans page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('has no navigation when the user may open no page, and no name while it is unknown', () => {
    renderShell({ links: [], who: null });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText('Ada Admin')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('goes to sign-in without a session', () => {
    const { router } = renderShell({ signedIn: false });
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('signs out through the app’s mutation, says so and goes to sign-in once it is settled', async () => {
    const { router, signOut } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut.mutate).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('marks the content busy while a call is out', () => {
    renderShell();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
    act(() => pendingRequests.begin());
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    act(() => pendingRequests.end());
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('moves focus to the content after a move between pages only when asked to', async () => {
    const focused = renderShell({ focusMainOnNavigation: true });
    expect(document.activeElement).not.toBe(screen.getByRole('main'));
    await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Loans' }));
    expect(await screen.findByRole('heading', { name: 'Loans page' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('main'));
    focused.unmount();

    renderShell();
    await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Loans' }));
    expect(await screen.findByRole('heading', { name: 'Loans page' })).toBeInTheDocument();
    expect(document.activeElement).not.toBe(screen.getByRole('main'));
  });

  it('takes the phone layout only when asked to', () => {
    const compact = renderShell({ compactOnPhone: true });
    const compactClass = compact.container.querySelector('main')!.parentElement!.className;
    compact.unmount();
    const plain = renderShell();
    const plainClass = plain.container.querySelector('main')!.parentElement!.className;
    expect(compactClass.split(' ')).toHaveLength(2);
    expect(compactClass.startsWith(`${plainClass} `)).toBe(true);
  });
});
