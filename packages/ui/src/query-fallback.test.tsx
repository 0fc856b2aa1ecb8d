import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@payrail/client/http-client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';
import { QueryFallback } from './query-fallback';

/** The two states QueryFallback reads of a query that has no data. */
const pending = { isPending: true, error: null } as unknown as UseQueryResult<unknown>;
const failed = (error: unknown) => ({ isPending: false, error }) as unknown as UseQueryResult<unknown>;

describe('errorMessage', () => {
  it("gives the server's own words, the network's message at status 0, else the fallback", () => {
    expect(errorMessage(new ApiError(422, { error: 'Loan not found.' }))).toBe('Loan not found.');
    expect(errorMessage(new ApiError(0, { error: 'The network is unavailable.' }), 'Not loaded.')).toBe('The network is unavailable.');
    expect(errorMessage(new ApiError(500, {}), 'Not loaded.')).toBe('Not loaded.');
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});

describe('QueryFallback', () => {
  it('shows the loading label as a status while the read is pending, and no error', () => {
    render(<QueryFallback query={pending} loadingLabel="Loading the changes…" failure="We could not load the changes." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the changes…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("announces the server's words when the read failed with them", () => {
    render(<QueryFallback query={failed(new ApiError(403, { error: 'Not allowed.' }))} loadingLabel="Loading…" failure="We could not load the changes." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Not allowed.');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it("announces the page's own line when the server gave none", () => {
    render(<QueryFallback query={failed(new ApiError(500, {}))} loadingLabel="Loading…" failure="We could not load the changes." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: We could not load the changes.');
  });
});
