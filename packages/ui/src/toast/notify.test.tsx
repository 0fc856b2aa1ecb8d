import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, notify } from './notify';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

const politeRegion = () => screen.getByRole('list', { name: 'Notifications' });
const assertiveRegion = () => screen.getByRole('list', { name: 'Error notifications' });

describe('notify', () => {
  it('closes by itself after 6000 ms by default', () => {
    act(() => {
      notify.success('Update successful!');
    });
    expect(within(politeRegion()).getByText('Update successful!')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS - 1));
    expect(screen.getByText('Update successful!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Update successful!')).not.toBeInTheDocument();
    expect(DEFAULT_TIMEOUT_MS).toBe(6000);
  });

  it("confirms a copy with 'Code copied!' for 1500 ms", () => {
    act(() => {
      notify.copied();
    });
    expect(screen.getByText('Code copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_TIMEOUT_MS - 1));
    expect(screen.getByText('Code copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Code copied!')).not.toBeInTheDocument();
  });

  it('shows the same message of the same kind only once while it is on screen', () => {
    act(() => {
      notify.warning('You need to sign in before continuing.');
      notify.warning('You need to sign in before continuing.');
      notify.info('You need to sign in before continuing.');
    });
    expect(within(politeRegion()).getAllByRole('listitem')).toHaveLength(2);

    // Once closed, the message may be shown again.
    act(() => vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS));
    act(() => {
      notify.warning('You need to sign in before continuing.');
    });
    expect(within(politeRegion()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps persistent notifications until closed', () => {
    act(() => {
      notify.warning('Your documents are still under review.', { persistent: true });
    });
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText('Your documents are still under review.')).toBeInTheDocument();
  });

  it('honours a custom timeout', () => {
    act(() => {
      notify.info('Short', { timeout: 2000 });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Short')).not.toBeInTheDocument();
  });

  it('closes with the close button', () => {
    act(() => {
      notify.success('Phone number verified!', { persistent: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Phone number verified!')).not.toBeInTheDocument();
  });

  it('announces errors assertively and the rest politely', () => {
    act(() => {
      notify.error('Error on signup!');
      notify.success('Success on Signup!');
    });
    expect(assertiveRegion()).toHaveAttribute('aria-live', 'assertive');
    expect(within(assertiveRegion()).getByText('Error on signup!')).toBeInTheDocument();
    expect(politeRegion()).toHaveAttribute('aria-live', 'polite');
    expect(within(politeRegion()).getByText('Success on Signup!')).toBeInTheDocument();
  });

  it('pauses the countdown while hovered', () => {
    act(() => {
      notify.info('Read me');
    });
    const item = screen.getByText('Read me').closest('li') as HTMLElement;
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });
});
