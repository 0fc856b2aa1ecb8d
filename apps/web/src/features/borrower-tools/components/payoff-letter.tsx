import { useState } from 'react';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { downloadPayoffLetter, usePayoffLetter } from '../api/payoff-letter';
import { serverMessage } from '../lib/errors';
import styles from './borrower-tools.module.css';
import { CardSection } from '../../../components/sections/card-section';

export const PAYOFF_LETTER_FAILED = 'We could not prepare your payoff letter. Please try again.';
export const PAYOFF_LETTER_DOWNLOAD_FAILED = 'We could not download your payoff letter. Please try again.';

/**
 * The payoff letter for a date the borrower picks (from servicing's today): the amount that closes the
 * loan through that date and its parts, the per-diem interest, the payments not yet final and what each
 * would change, where to send the funds, and the same letter as a PDF.
 */
export function PayoffLetter({ loan, today, save }: { loan: TServicingLoan; today: string; save: (blob: Blob, fileName: string) => void }) {
  const [date, setDate] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
  const letter = usePayoffLetter(loan.id, date, valid);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      save(await downloadPayoffLetter(loan.id, date), `payoff-letter-${loan.identifier || loan.id}-${date}.pdf`);
    } catch {
      notify.error(PAYOFF_LETTER_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const data = letter.data;
  return (
    <CardSection id={`payoff-letter-${loan.id}`} title="Payoff letter" className={styles.card}>
      <p className={styles.muted}>Pick the day your funds will arrive: the letter states what pays the loan in full through that day.</p>
      <div className={styles.controls}>
        <TextField
          label="Good-through date"
          type="date"
          min={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={valid ? undefined : `Choose a date from ${formatDate(today)}.`}
          required
        />
      </div>
      {!valid ? null : letter.isPending ? (
        <Spinner size="sm" label="Preparing your payoff letter" />
      ) : letter.isError || !data ? (
        <Alert kind="error">{serverMessage(letter.error, PAYOFF_LETTER_FAILED)}</Alert>
      ) : (
        <>
          <dl className={styles.facts} aria-label="Payoff figures">
            <dt>Principal</dt>
            <dd>{formatCents(data.principal)}</dd>
            <dt>Interest</dt>
            <dd>{formatCents(data.interest)}</dd>
            <dt>Fees</dt>
            <dd>{formatCents(data.fees)}</dd>
            <dt>Payoff amount through {formatDate(data.good_through)}</dt>
            <dd className={styles.total}>{formatCents(data.payoff_amount)}</dd>
            <dt>Per-diem interest</dt>
            <dd>
              {formatCents(data.per_diem)} for each day after {formatDate(data.good_through)}
            </dd>
          </dl>
          <h3>Payments not yet final</h3>
          {data.pending_debits.length === 0 ? (
            <p className={styles.muted}>None: no payment is scheduled or waiting to settle.</p>
          ) : (
            <ul className={styles.list}>
              {data.pending_debits.map((debit) => (
                <li key={debit.id}>{debit.explanation}</li>
              ))}
            </ul>
          )}
          <h3>Where to send the funds</h3>
          <ul className={styles.list}>
            <li>{data.send_funds.online}</li>
            <li>
              Wire or ACH credit: {data.send_funds.wire.bank_name}, routing number {data.send_funds.wire.routing_number}, account{' '}
              {data.send_funds.wire.account_number} ({data.send_funds.wire.account_name}), reference “{data.send_funds.wire.reference}”.
            </li>
            <li>
              Check payable to {data.send_funds.mail.payee}, memo “{data.send_funds.mail.memo}”, mailed to {data.send_funds.mail.address_lines.join(', ')}.
            </li>
          </ul>
          <div className={styles.actions}>
            <Button onClick={() => void download()} loading={busy}>
              Download payoff letter (PDF)
            </Button>
          </div>
        </>
      )}
    </CardSection>
  );
}
