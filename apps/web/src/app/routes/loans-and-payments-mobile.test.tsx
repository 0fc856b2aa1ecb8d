import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { loanDocument, paymentRow, servicingHandlers, servicingLoan } from '../../../test/servicing-fixtures';

/** A phone: every (max-width) query of the page matches (the small breakpoint is 640 px). */
function narrowScreen(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: narrow && query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

const disclosure = (name: string) => {
  const region = screen.getByRole('region', { name });
  return { region, button: within(region).getByRole('button', { name }) };
};

describe('loans & payments on a phone: sections collapse (issue #33)', { timeout: 20_000 }, () => {
  it('each card is a disclosure (heading + button with aria-expanded); Loan progress starts open, the rest closed', async () => {
    narrowScreen(true);
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({
      loan: servicingLoan({ next_payment: { amount: 15_000, due_date: '2026-12-15' } }),
      payments: [paymentRow()],
      documents: [loanDocument()],
    });
    renderRoute('/dashboard/loans-and-payments');
    await screen.findByRole('region', { name: 'Loan progress' });
    const progress = disclosure('Loan progress');
    expect(progress.button).toHaveAttribute('aria-expanded', 'true');
    expect(within(progress.region).getByTestId('next-payment')).toBeVisible();
    // The heading keeps its level and name: the button is inside it.
    expect(within(progress.region).getByRole('heading', { level: 2, name: 'Loan progress' })).toContainElement(progress.button);

    for (const name of ['Loan terms', 'Documents', 'Payment history', 'Your balance', 'Payments']) {
      const { region, button } = disclosure(name);
      expect(button, name).toHaveAttribute('aria-expanded', 'false');
      const body = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(body, name).not.toBeNull();
      expect(region).toContainElement(body);
      expect(body).not.toBeVisible();
    }
  });

  it('Enter and Space toggle a section; each section keeps its own state when another is toggled', async () => {
    narrowScreen(true);
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ documents: [loanDocument({ file_name: 'Short name.pdf' })] });
    const user = userEvent.setup();
    renderRoute('/dashboard/loans-and-payments');
    await screen.findByRole('region', { name: 'Documents' });
    const documents = disclosure('Documents');
    documents.button.focus();
    await user.keyboard('{Enter}');
    expect(documents.button).toHaveAttribute('aria-expanded', 'true');
    expect(await within(documents.region).findByText('Short name.pdf')).toBeVisible();
    const terms = disclosure('Loan terms');
    terms.button.focus();
    await user.keyboard(' ');
    expect(terms.button).toHaveAttribute('aria-expanded', 'true');
    expect(within(terms.region).getByText('Active')).toBeVisible();
    // Closing Loan progress (open by default) keeps the others as chosen.
    await user.click(disclosure('Loan progress').button);
    expect(disclosure('Loan progress').button).toHaveAttribute('aria-expanded', 'false');
    expect(disclosure('Documents').button).toHaveAttribute('aria-expanded', 'true');
    expect(disclosure('Loan terms').button).toHaveAttribute('aria-expanded', 'true');
  });

  it('a finished loan opens with its documents', async () => {
    narrowScreen(true);
    signInAs({ workflow_status: 'approved', feedback_rating: true, paid_off: true });
    const loan = servicingLoan({ loan_status: 'closed_paid', principal_balance: 0, next_payment: null, paid_off_on: '2026-11-02' });
    servicingHandlers({ loan: null, history: [loan], documents: [loanDocument()] });
    renderRoute(`/dashboard/loans-and-payments/loan-history/${loan.identifier}`);
    await screen.findByRole('region', { name: 'Documents' });
    expect(disclosure('Documents').button).toHaveAttribute('aria-expanded', 'true');
    expect(disclosure('Loan terms').button).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a wide screen nothing collapses: plain headings, no disclosure buttons', async () => {
    narrowScreen(false);
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers();
    renderRoute('/dashboard/loans-and-payments');
    const terms = await screen.findByRole('region', { name: 'Loan terms' });
    expect(within(terms).queryByRole('button', { name: 'Loan terms' })).not.toBeInTheDocument();
    expect(within(terms).getByText('Active')).toBeVisible();
  });
});
