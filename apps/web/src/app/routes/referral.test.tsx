import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TReferralProgram } from '@payrail/contract/referral';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const program = (overrides: Partial<TReferralProgram> = {}): TReferralProgram => ({
  refer_code: 'ABC12345',
  referred_by: null,
  friends: 2,
  approved_referrals: 1,
  submitted_applications: 2,
  points: 12,
  level: 'zero',
  next_level: { level: 'bronze', approved_needed: 2, points_needed: 18 },
  earned: 5_200,
  paid: 0,
  payable: 0,
  waiting: 5_200,
  payout_wait_days: 42,
  rewards: [
    { id: 2, kind: 'referral_approved', amount: 5_000, points: 10, friend_name: 'Ana', earned_on: '2026-11-20', payable_on: '2027-01-01', status: 'waiting' },
    { id: 1, kind: 'application_submitted', amount: 100, points: 1, friend_name: 'Ana', earned_on: '2026-11-10', payable_on: '2026-12-22', status: 'waiting' },
  ],
  ...overrides,
});

describe('referral page (newflow §9)', { timeout: 20_000 }, () => {
  it('shows the code, copies it ("Code copied!"), the level progress and the rewards history', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    let read = 0;
    server.use(
      http.get(api('/referral'), () => HttpResponse.json(program())),
      http.patch(api('/benefits/read'), () => {
        read += 1;
        return HttpResponse.json({ level: 'zero', color: '#5b6472', read: true });
      }),
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/dashboard/referral');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeInTheDocument();
    expect(screen.getByText('ABC12345')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABC12345');
    expect(await screen.findByText('Code copied!')).toBeInTheDocument();
    const level = screen.getByRole('region', { name: 'Your level' });
    expect(level).toHaveTextContent('Bronze: 2 more approved referrals or 18 more points.');
    const table = screen.getByRole('table', { name: 'Rewards history' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await waitFor(() => expect(read).toBe(1));
  });

  it('refers: "Friend referred successfully", or the server text on failure', async () => {
    signInAs({ workflow_status: 'ready_for_review' });
    let calls = 0;
    server.use(
      http.get(api('/referral'), () => HttpResponse.json(program({ referred_by: calls > 1 ? 'FRIEND99' : null }))),
      http.patch(api('/benefits/read'), () => HttpResponse.json({ level: 'zero', color: '#5b6472', read: true })),
      http.post(api('/refer_code'), async ({ request }) => {
        calls += 1;
        const body = (await request.json()) as { refer_code: string };
        if (body.refer_code === 'NOPE1234') return HttpResponse.json({ errors: { refer_code: ['This referral code does not exist.'] } }, { status: 422 });
        return HttpResponse.json({ valid: true, message: 'Friend referred successfully', referred_by: body.refer_code });
      }),
    );
    renderRoute('/dashboard/referral');
    const field = await screen.findByRole('textbox', { name: "Friend's referral code" });
    await userEvent.type(field, 'nope1234');
    await userEvent.click(screen.getByRole('button', { name: 'Refer' }));
    expect(await screen.findByText('This referral code does not exist.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'friend99');
    await userEvent.click(screen.getByRole('button', { name: 'Refer' }));
    expect(await screen.findByText('Friend referred successfully')).toBeInTheDocument();
    expect(await screen.findByText('You were referred by code FRIEND99.')).toBeInTheDocument();
  });
});
