import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { agreementHandler, signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { scheduled, servicingHandlers } from '../../../../test/servicing-fixtures';
import { paymentSentMessage } from '../lib/payment-outcome';

/** Servicing's business date (the forms' "today"). */
const BUSINESS_DATE = '2031-05-20';
/** The payoff's day: money moves on Tuesday 05/27/2031 (the server's answer). */
const PAYOFF_DAY = '2031-05-27';

describe('the payoff success toast names the earlier payments that still go through (docs/servicing.md, "The loan book")', { timeout: 30_000 }, () => {
  it('a payoff after a scheduled payment: the spec’s words, the payoff, then the payment before it (the server cancels the one after)', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, has_jack_henry: true });
    servicingHandlers({
      businessDate: BUSINESS_DATE,
      transactions: [
        scheduled({ id: 402, transaction_mode: 'auto_debit', due_date: '2031-06-18', amount: 24_116 }),
        scheduled({ id: 401, due_date: '2031-05-22', amount: 5000 }),
        scheduled({ id: 400, transaction_status: 'settled', due_date: '2031-05-01', amount: 15_000 }),
      ],
    });
    server.use(agreementHandler());
    server.use(
      http.get(api('/:loanId/payoff/:date'), ({ params }) => {
        const date = String(params.date) < PAYOFF_DAY && String(params.date) > BUSINESS_DATE ? PAYOFF_DAY : String(params.date);
        return HttpResponse.json({ payoff_amount: 201_234, date, payable_amount: 201_234, on_its_way_amount: 0 });
      }),
      http.post(api('/request_payment'), () =>
        HttpResponse.json({
          ok: true,
          message: PAYMENT_MSG.sent,
          transaction: scheduled({ id: 403, transaction_mode: 'payoff', due_date: PAYOFF_DAY, amount: 201_234 }),
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    const date = within(dialog).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, '2031-05-24');
    // The form said it first: the later payment is canceled, the earlier one still taken.
    expect(
      await within(dialog).findByText(
        'Paying off cancels your scheduled payment of $241.16 on 06/18/2031. Your scheduled payment of $50.00 on 05/22/2031 comes before the payoff and is still taken: the payoff then takes only what is left.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pay off my loan' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Pay off my loan' }));
    expect(
      await screen.findByText(
        `${PAYMENT_MSG.sent} Your payoff of $2,012.34 is scheduled for 05/27/2031. Your payment scheduled before then ($50.00 on 05/22/2031) still goes through: the payoff then takes only what is left.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('the message: several earlier payments in date order; none, or another mode, adds nothing', () => {
    const payoff = scheduled({ id: 9, transaction_mode: 'payoff', due_date: PAYOFF_DAY, amount: 201_234 });
    const before = [scheduled({ id: 5, due_date: '2031-05-23', amount: 2500 }), scheduled({ id: 4, due_date: '2031-05-22', amount: 5000 })];
    expect(paymentSentMessage(payoff, BUSINESS_DATE, undefined, before)).toBe(
      `${PAYMENT_MSG.sent} Your payoff of $2,012.34 is scheduled for 05/27/2031. Your payments scheduled before then ($50.00 on 05/22/2031, $25.00 on 05/23/2031) still go through: the payoff then takes only what is left.`,
    );
    expect(paymentSentMessage(payoff, BUSINESS_DATE)).toBe(`${PAYMENT_MSG.sent} Your payoff of $2,012.34 is scheduled for 05/27/2031.`);
    expect(paymentSentMessage(scheduled({ id: 8, due_date: PAYOFF_DAY }), BUSINESS_DATE, undefined, before)).toBe(
      `${PAYMENT_MSG.sent} Your payment of $50.00 is scheduled for 05/27/2031.`,
    );
  });
});
