import { MSG } from '@payrail/contract/messages';
import type { ReactNode } from 'react';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import type { AlertKind } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { BRAND } from '../../../lib/brand';
import { isApiError } from '@payrail/client/http-client';
import { useRestart } from '../api/restart';
import styles from './home.module.css';

export interface StatusPanelViewProps {
  entry: { title: string; kind: AlertKind; message: string };
  /** Declined / Not Qualified: `could_reapply_on` (today | never | YYYY-MM-DD) and its MM/DD/YYYY text. */
  reapply?: { on: string; dateText: string | null } | null;
  /** Dropped, Canceled and paid-off borrowers may start a new loan. */
  newLoan?: boolean;
  /** Reapply or New Loan worked: the server answered the new status (about_yourself). */
  onRestarted: (newStatus: string) => void;
  /** The rating form, when the borrower has not rated yet. */
  rating?: ReactNode;
}

function reapplyText(reapply: { on: string; dateText: string | null }): string {
  if (reapply.on === 'today') return 'You can reapply today.';
  if (reapply.on === 'never') return 'You cannot reapply for a new loan.';
  return reapply.dateText ? `You can reapply on ${reapply.dateText}.` : '';
}

/** The signed-in home (classic §2 "Home (/) and status panel"): the status, reapply and new-loan actions, the rating. */
export function StatusPanelView({ entry, reapply, newLoan, onRestarted, rating }: StatusPanelViewProps) {
  const restart = useRestart();

  const run = async (kind: 'reapply' | 'new_loan') => {
    try {
      const answer = await restart.mutateAsync(kind);
      onRestarted(answer.new_status);
    } catch (failure) {
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      // §8: "Sorry, we could not process a new loan"; a server text is shown as a warning instead.
      const text = isApiError(failure) ? failure.serverMessage : undefined;
      if (text) notify.warning(text);
      else notify.error(MSG.newLoanFailed);
    }
  };

  return (
    <Container width="narrow">
      <section className={styles.panel} aria-labelledby="status-title">
        <h1 id="status-title">Your application</h1>
        <Alert kind={entry.kind} title={entry.title}>
          <p>{entry.message}</p>
          {reapply ? <p>{reapplyText(reapply)}</p> : null}
        </Alert>
        {reapply?.on === 'today' || newLoan ? (
          <div className={styles.actions}>
            {reapply?.on === 'today' ? (
              <Button onClick={() => void run('reapply')} loading={restart.isPending && restart.variables === 'reapply'}>
                Reapply
              </Button>
            ) : null}
            {newLoan ? (
              <Button onClick={() => void run('new_loan')} loading={restart.isPending && restart.variables === 'new_loan'}>
                New Loan
              </Button>
            ) : null}
          </div>
        ) : null}
        <p className={styles.muted}>
          This page checks for news every few seconds. Questions? Call <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
        </p>
        {rating}
      </section>
    </Container>
  );
}
