import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { PaymentMode, TServicingLoan } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { BRAND } from '../../../lib/brand';
import { formatLoanIdentifier } from '@payrail/client/format';
import { useTransactions } from '../api/get-transactions';
import { CardPayments, useCardPaymentDraft } from './card-payments';
import { CardSection } from '../../../components/sections/card-section';
import type { PaymentCardTokenizer } from './card-payments';
import { PaymentForm } from './payment-form';
import { ScheduledPayments } from './scheduled-payments';
import styles from './servicing.module.css';

export const PAYOFF_UNAVAILABLE = 'The payoff is available once your loan data has loaded.';

export interface PaymentsPageProps {
  /** The opened loan; null while it loads (the payoff stays disabled). */
  loan: TServicingLoan | null;
  disclosureLink: ReactNode;
  onSent: () => void;
  headingLevel?: 1 | 2;
  /** The card tokenizer for the Debit card panel (null while its configuration loads). */
  cardTokenizer?: PaymentCardTokenizer | null;
}

function Panel({ title, open, onToggle, children, level }: { title: string; open: boolean; onToggle: () => void; children: ReactNode; level: 2 | 3 }) {
  const id = useId();
  const PanelHeading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <PanelHeading id={`${id}-title`} className={styles.panelTitle}>
        <button type="button" className={styles.panelToggle} aria-expanded={open} aria-controls={`${id}-body`} onClick={onToggle}>
          {title}
        </button>
      </PanelHeading>
      <div id={`${id}-body`} hidden={!open} className={styles.panelBody}>
        {open ? children : null}
      </div>
    </section>
  );
}

/**
 * The payments page (spec §2): One-time payment (ACH), Auto-debit (ACH), Debit card (spec §7) and Payoff, the customer-service
 * phone, and the loan's scheduled payments. Opening a panel loads what it needs (next payment date,
 * payoff quote for today). Payoff opens in the 500 px dialog (full page on small screens) and is disabled,
 * with a tooltip, until the loan data has loaded; its form names the scheduled payments the payoff cancels
 * (those dated on or after its day: the server cancels them with it) and those before it, still taken. After a payment every servicing query is refetched
 * (`useRequestPayment`), so the canceled ones leave the scheduled-payments lists.
 */
/** The page's section: its own page (h1) as before; a card of Loans & Payments (h2), collapsible there on a narrow screen. */
function PaymentsSection({ headingLevel, children }: { headingLevel: 1 | 2; children: ReactNode }) {
  if (headingLevel === 2) {
    return (
      <CardSection id="payments-title" title="Payments" className={styles.payments}>
        {children}
      </CardSection>
    );
  }
  return (
    <section className={styles.payments} aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      {children}
    </section>
  );
}

/**
 * The loan the panels show: the given one, or while it is read again (null for a moment) the last one shown,
 * so an open panel and what was typed in it stay.
 */
function useShownLoan(loan: TServicingLoan | null): TServicingLoan | null {
  const [last, setLast] = useState(loan);
  if (loan !== null && loan !== last) setLast(loan);
  return loan ?? last;
}

export function PaymentsPage({ loan, disclosureLink, onSent, headingLevel = 2, cardTokenizer = null }: PaymentsPageProps) {
  const shown = useShownLoan(loan);
  // What was typed in the card payment lives here, above the panels: a remount of the panel keeps it.
  const cardDraft = useCardPaymentDraft();
  const [open, setOpen] = useState<Exclude<PaymentMode, 'payoff'> | 'card' | null>(null);
  const [payoffOpen, setPayoffOpen] = useState(false);
  const tooltipId = useId();
  const transactions = useTransactions(loan?.id ?? null);
  const PanelHeading = headingLevel === 1 ? 'h2' : 'h3';
  const level = headingLevel === 1 ? 2 : 3;
  const payoffReady = loan !== null && loan.loan_master_loaded;

  return (
    <PaymentsSection headingLevel={headingLevel}>
      {loan ? <p className={styles.muted}>Loan {formatLoanIdentifier(loan.identifier)}</p> : null}
      <div className={styles.panels}>
        {shown ? (
          <>
            <Panel level={level} title="One-time payment (ACH)" open={open === 'one_time'} onToggle={() => setOpen(open === 'one_time' ? null : 'one_time')}>
              <PaymentForm mode="one_time" loan={shown} onSent={onSent} />
            </Panel>
            <Panel level={level} title="Auto-debit (ACH)" open={open === 'auto_debit'} onToggle={() => setOpen(open === 'auto_debit' ? null : 'auto_debit')}>
              <PaymentForm mode="auto_debit" loan={shown} disclosureLink={disclosureLink} onSent={onSent} />
            </Panel>
            <Panel level={level} title="Debit card" open={open === 'card'} onToggle={() => setOpen(open === 'card' ? null : 'card')}>
              <CardPayments loan={shown} onSent={onSent} tokenizer={cardTokenizer} headingLevel={level === 2 ? 3 : 4} draft={cardDraft} />
            </Panel>
          </>
        ) : null}
        <section className={styles.panel} aria-labelledby="payoff-title">
          <PanelHeading id="payoff-title" className={styles.panelTitle}>
            Payoff
          </PanelHeading>
          <p className={styles.muted}>Pay the whole balance of your loan at once.</p>
          <span className={styles.tooltipHost}>
            <Button
              variant="secondary"
              aria-disabled={!payoffReady}
              aria-describedby={payoffReady ? undefined : tooltipId}
              onClick={() => {
                if (payoffReady) setPayoffOpen(true);
              }}
            >
              Pay off my loan
            </Button>
            {payoffReady ? null : (
              <span role="tooltip" id={tooltipId} className={styles.tooltip}>
                {PAYOFF_UNAVAILABLE}
              </span>
            )}
          </span>
        </section>
      </div>
      <p className={styles.phone}>
        Questions about a payment? Call customer service at <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
      </p>
      {loan ? (
        <section aria-labelledby="payments-scheduled">
          <ScheduledPayments transactions={transactions.data ?? []} headingLevel={headingLevel === 1 ? 2 : 3} headingId="payments-scheduled" />
        </section>
      ) : null}
      {loan && payoffReady ? (
        <Dialog
          open={payoffOpen}
          onClose={() => setPayoffOpen(false)}
          title="Pay off your loan"
          description="The payoff amount is what it takes to close your loan on the date you choose."
        >
          {payoffOpen ? (
            <PaymentForm
              mode="payoff"
              loan={loan}
              onSent={() => {
                setPayoffOpen(false);
                onSent();
              }}
              onCancel={() => setPayoffOpen(false)}
            />
          ) : null}
        </Dialog>
      ) : null}
    </PaymentsSection>
  );
}
