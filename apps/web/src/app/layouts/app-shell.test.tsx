import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TNotification } from '@payrail/contract/identity';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { act } from 'react';
import { pendingRequests } from '@payrail/client/pending-requests';
import { sessionStore } from '../../lib/session-store';
import { initialsOf } from './app-shell-layout';

const LONG = 'We need a clearer copy of your pay stub. Please upload a PDF that shows your name.';

function notifications(unread: number, read = 0): TNotification[] {
  const list: TNotification[] = [];
  for (let i = 0; i < unread + read; i += 1) {
    list.push({
      id: i + 1,
      status: i < unread ? 'unread' : 'read',
      message: i === 0 ? LONG : `Message ${i + 1}`,
      updated_at: '2026-03-0' + ((i % 9) + 1) + 'T12:00:00Z',
    });
  }
  return list;
}

function shell(list: TNotification[] = notifications(2, 1)) {
  server.use(
    http.get(api('/notifications'), () => HttpResponse.json(list)),
    http.get(api('/benefits'), () => HttpResponse.json({ level: 'silver', color: '#8a99a6', read: false })),
    http.get(api('/banners'), () =>
      HttpResponse.json([
        {
          url: '/api/banners/refer.svg',
          is_mobile: false,
          title: 'Refer a friend to Payrail',
          text: 'Earn $50 for each approved referral.',
          action: { kind: 'copy_referral_code', label: 'Copy my referral code', code: 'ANA123' },
        },
        {
          url: '/api/banners/refinance.svg',
          is_mobile: false,
          title: 'See if you can refinance',
          text: 'Check your offer.',
          action: { kind: 'link', label: 'Check my refinance offer', href: '/refinance_terms' },
        },
        {
          url: '/api/banners/autopay.svg',
          is_mobile: true,
          title: 'Turn on AutoPay',
          text: 'Never miss a payment.',
          action: { kind: 'link', label: 'Set up AutoPay', href: '/dashboard/loans-and-payments' },
        },
      ]),
    ),
  );
}

describe('new-UI shell', () => {
  it('shows the greeting, initials linking to personal information, phone, sidebar, medal, banners and help footer', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Ana' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Payrail'));
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Hi, Ana')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Call customer service at (888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142');
    const avatar = within(banner).getByRole('link', { name: 'Personal information' });
    expect(avatar).toHaveTextContent('AL');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Loans & Payments' })).toHaveAttribute('href', '/dashboard/loans-and-payments');
    expect(await screen.findByText('Silver member')).toBeInTheDocument();
    // Banners are text with real buttons and links, not pictures of buttons.
    expect(await screen.findByText('Refer a friend to Payrail')).toBeInTheDocument();
    expect(screen.getByText('Earn $50 for each approved referral.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy my referral code (ANA123)' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Refer a friend to Payrail' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next offer' }));
    expect(screen.getByRole('link', { name: 'Check my refinance offer' })).toHaveAttribute('href', '/refinance_terms');
    expect(screen.queryByText('Turn on AutoPay')).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Need help?' })).toBeInTheDocument();
    await user.click(avatar);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/personal-information'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Information' })).toBeInTheDocument();
  });

  it('on a small screen draws the sidebar’s greeting, medal and banners when the menu opens, their reads made already', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      signInAs({ workflow_status: 'approved' });
      shell();
      const read: string[] = [];
      server.events.on('request:start', ({ request }) => void read.push(new URL(request.url).pathname));
      const user = userEvent.setup();
      renderRoute('/dashboard');
      expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Ana' })).toBeInTheDocument();
      await waitFor(() => expect(read).toEqual(expect.arrayContaining(['/api/banners', '/api/benefits'])));
      // Notifications (the menu's entry) are read as before: the count is there with the menu closed.
      expect(await screen.findByRole('button', { name: 'Notifications 2 unread' })).toBeInTheDocument();
      expect(screen.queryByText('Silver member')).not.toBeInTheDocument();
      expect(screen.queryByText('Turn on AutoPay')).not.toBeInTheDocument();
      const sidebar = screen.getByRole('complementary', { name: 'Sidebar', hidden: true });
      expect(within(sidebar).queryByText('Hi, Ana')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      // Opened, the sidebar is complete at once: its reads answered while it was closed.
      expect(within(sidebar).getByText('Hi, Ana')).toBeInTheDocument();
      expect(within(sidebar).getByText('Silver member')).toBeInTheDocument();
      expect(within(sidebar).getByText('Turn on AutoPay')).toBeInTheDocument();
      expect(screen.queryByText('Refer a friend to Payrail')).not.toBeInTheDocument();
      server.events.removeAllListeners();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('makes initials only from a first and a last name', () => {
    expect(initialsOf('ana', 'lima')).toBe('AL');
    expect(initialsOf('Ana', null)).toBeNull();
    expect(initialsOf('', 'Lima')).toBeNull();
  });

  it('logs out: DELETE /logout, everything cleared, /signin', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    let revoked: string | null = null;
    server.use(
      http.delete(api('/logout'), ({ request }) => {
        revoked = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(revoked).toBe('session-token');
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('needs a session', async () => {
    const { router } = renderRoute('/dashboard/loans-and-payments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});

describe('notification bell', () => {
  it("shows '9+' above 9 unread", async () => {
    signInAs({ workflow_status: 'approved' });
    shell(notifications(10, 2));
    renderRoute('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 10 unread' });
    expect(within(bell).getByText('9+')).toBeInTheDocument();
  });

  it('shows the count up to 9, and no badge when all are read', async () => {
    signInAs({ workflow_status: 'approved' });
    shell(notifications(9));
    const first = renderRoute('/dashboard');
    expect(within(await screen.findByRole('button', { name: 'Notifications, 9 unread' })).getByText('9')).toBeInTheDocument();
    first.unmount();
    shell(notifications(0, 3));
    renderRoute('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('cuts messages over 45 characters to 42 plus an ellipsis, reading the whole message to assistive technology', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const user = userEvent.setup();
    renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText(`${LONG.slice(0, 42)}…`)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: new RegExp(`^${LONG.replace('.', '\\.')}`) })).toBeInTheDocument();
    expect(within(panel).getByText('Message 2')).toBeInTheDocument();
    // The whole message opens under the row (no hover tooltip needed), and closes again.
    expect(within(panel).getByText(LONG, { selector: 'p' })).not.toBeVisible();
    const more = within(panel).getByRole('button', { name: 'Read the full message' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(panel).getByRole('button', { name: 'Hide the full message' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText(LONG, { selector: 'p' })).toBeVisible();
    expect(within(panel).getAllByRole('button', { name: /full message/ })).toHaveLength(1);
  });

  it('toggles read and unread on click, and Escape closes the menu back on the bell', async () => {
    signInAs({ workflow_status: 'approved' });
    const list = notifications(1, 1);
    shell(list);
    const patched: string[] = [];
    server.use(
      http.patch(api('/notifications/:action/:id'), ({ params }) => {
        patched.push(`${String(params.action)}/${String(params.id)}`);
        const item = list.find((n) => n.id === Number(params.id))!;
        return HttpResponse.json({ ...item, status: params.action === 'read' ? 'read' : 'unread' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: /Unread, activate to mark as read/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Message 2.*Read, activate to mark as unread/ }));
    await waitFor(() => expect(patched).toEqual(['read/1', 'unread/2']));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toHaveFocus();
  });
});

describe('help footer chat', () => {
  it('sends a support message from the chat dialog', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    let body: unknown = null;
    server.use(
      http.post(api('/support_messages'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 3 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'E-mail us a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail customer service' });
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your message'), 'When is my next payment?');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(body).toEqual({ message: 'When is my next payment?' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success' })]));
  });

  it('loads the dialog when it first opens, and closing it gives the focus back to its button', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const user = userEvent.setup();
    renderRoute('/dashboard');
    const button = await screen.findByRole('button', { name: 'E-mail us a question' });
    expect(screen.queryByRole('dialog', { name: 'E-mail customer service' })).toBeNull();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'E-mail customer service' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'E-mail customer service' })).toBeInTheDocument();
  });

  it('marks <main> busy while API calls are in flight', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Ana' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
    act(() => pendingRequests.begin());
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    act(() => pendingRequests.begin());
    act(() => pendingRequests.end());
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    act(() => pendingRequests.end());
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});

describe('startShellReads', () => {
  it("puts the shell's reads in the app's cache before its first render, and asks nothing without a session", async () => {
    const { createQueryClient, setAppQueryClient } = await import('../providers');
    const { startShellReads } = await import('./app-shell-layout');
    shell();
    const client = createQueryClient();
    setAppQueryClient(client);
    try {
      sessionStore.reset();
      startShellReads();
      expect(client.getQueryCache().getAll()).toHaveLength(0);
      signInAs();
      startShellReads();
      await waitFor(() => expect(client.getQueryData(['banners'])).toHaveLength(3));
      await waitFor(() => expect(client.getQueryData(['notifications'])).toHaveLength(3));
      await waitFor(() => expect(client.getQueryData(['benefits'])).toMatchObject({ level: 'silver' }));
    } finally {
      setAppQueryClient(null);
    }
  });
});
