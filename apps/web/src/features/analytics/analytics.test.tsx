import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { FINGERPRINT_STORAGE_KEY } from '../../lib/fingerprint';
import { redactPath, VISIT_DWELL_MS } from './hooks/use-visitor-log';
import { loadTagManager } from './lib/tag-manager';

afterEach(() => {
  document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => script.remove());
});

describe('visitor log', () => {
  const collect = () => {
    const visits: { fingerprint: string; page: string; queryString: string }[] = [];
    server.use(
      http.post(api('/visitor'), async ({ request }) => {
        visits.push((await request.json()) as (typeof visits)[number]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return visits;
  };

  it('posts { fingerprint, page, queryString } for a page looked at for 5 s, and for a page left for another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visits = collect();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/?utm_source=ad');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VISIT_DWELL_MS);
    });
    await waitFor(() => expect(visits).toHaveLength(1));
    await user.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(visits).toHaveLength(2));
    const fingerprint = localStorage.getItem(FINGERPRINT_STORAGE_KEY);
    expect(visits).toEqual([
      { fingerprint, page: '/', queryString: 'utm_source=ad' },
      { fingerprint, page: '/signin', queryString: '' },
    ]);
  });

  it('does not log a redirect hop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visits = collect();
    renderRoute('/payment');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VISIT_DWELL_MS + 100);
    });
    await waitFor(() => expect(visits).toHaveLength(1));
    expect(visits[0]?.page).toBe('/signin');
  });

  it('never logs the secret part of reset and pre-signed links', () => {
    expect(redactPath('/forgot_password/abc123')).toBe('/forgot_password/:token');
    expect(redactPath('/c/secret')).toBe('/c/:code');
    expect(redactPath('/signin')).toBe('/signin');
  });
});

describe('tag manager', () => {
  it('loads nothing without VITE_GTM_ID', () => {
    expect(loadTagManager(undefined)).toBe(false);
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('loads the container script when an id is configured', () => {
    const append = vi.spyOn(document.head, 'appendChild');
    expect(loadTagManager('GTM-AB12CD')).toBe(true);
    const script = append.mock.calls.map(([node]) => node).find((node): node is HTMLScriptElement => node instanceof HTMLScriptElement);
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
    expect(loadTagManager('not an id')).toBe(false);
    append.mockRestore();
  });
});
