import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PostalPayStubDialog, POSTAL_PHONE_STEPS } from './pay-stub-help';

describe('postal pay-stub instructions (new flow: Android and Apple tabs)', () => {
  it('switches the phone instructions with the tabs, arrow keys included', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostalPayStubDialog open onClose={() => undefined} phoneTabs />);
    const android = await screen.findByRole('tab', { name: 'Android' });
    expect(android).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(POSTAL_PHONE_STEPS.Android[2]);
    await user.click(screen.getByRole('tab', { name: 'Apple' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent(POSTAL_PHONE_STEPS.Apple[2]);
    screen.getByRole('tab', { name: 'Apple' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
  });
});
