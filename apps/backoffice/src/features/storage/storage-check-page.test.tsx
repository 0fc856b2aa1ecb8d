import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TStorageCheckResponse } from '@payrail/contract/documents';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const answer: TStorageCheckResponse = {
  checked: 12,
  checked_at: '2026-11-26T10:15:00.000Z',
  missing: [
    {
      source: 'document',
      id: 31,
      user_id: 42,
      member_name: 'Ada Lovelace',
      member_email: 'ada@example.com',
      kind: 'pay_stub',
      created_at: '2026-11-20T09:30:00.000Z',
    },
    {
      source: 'signed_note',
      id: 8,
      user_id: 43,
      member_name: null,
      member_email: 'bo@example.com',
      kind: 'signed_note',
      created_at: '2026-11-19T08:00:00.000Z',
    },
  ],
};

describe('storage check', () => {
  it('lists the files whose bytes are missing, with their member, kind and date, and checks again on demand', async () => {
    let calls = 0;
    signInAs('servicer');
    server.use(
      http.get(bo('/storage_check'), () => {
        calls += 1;
        return HttpResponse.json(answer);
      }),
    );
    renderRoute('/storage-check');
    const table = await screen.findByRole('table', { name: 'Files missing from storage' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Member', 'Kind', 'Created']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Uploaded document #31');
    expect(rows[0]).toHaveTextContent('Pay stub');
    expect(rows[0]).toHaveTextContent('11/20/2026 09:30 UTC');
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace (#42)' })).toHaveAttribute('href', '/applications/42');
    expect(within(rows[1]!).getByRole('link', { name: 'bo@example.com (#43)' })).toBeInTheDocument();
    expect(screen.getByText('2 files are missing from storage.')).toBeInTheDocument();
    expect(screen.getByText('Checked 12 stored files at 11/26/2026 10:15 UTC.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Storage check' })).toBeInTheDocument();
    expect(document.title).toBe('Storage check · Payrail back office');

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('says so when every file is in place', async () => {
    signInAs('admin');
    server.use(http.get(bo('/storage_check'), () => HttpResponse.json({ ...answer, missing: [] })));
    renderRoute('/storage-check');
    expect(await screen.findByText('Every stored file is in place.')).toBeInTheDocument();
    expect(screen.getByText('No file is missing.')).toBeInTheDocument();
  });

  it('is not offered to underwriters', async () => {
    signInAs('underwriter');
    renderRoute('/storage-check');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Storage check' })).not.toBeInTheDocument();
  });
});
