import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render';

describe('landing page', () => {
  it('explains the product and leads to sign-up and sign-in', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'A loan that works with your paycheck' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two ways to repay' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const rateLinks = screen.getAllByRole('link', { name: 'Check your rate' });
    expect(rateLinks.every((link) => link.getAttribute('href') === '/signup')).toBe(true);
    expect(main).toContainElement(rateLinks[1] ?? null);
    expect(screen.getAllByRole('link', { name: 'Sign in' }).every((link) => link.getAttribute('href') === '/signin')).toBe(true);
  });
});
