import { useEffect, useRef } from 'react';
import { RATE_CHECK_POLL_MS } from '@payrail/contract/newflow';
import { postApplicationStep, refusedStepStatus } from '../../../lib/application-step';
import { Spinner } from '@payrail/ui/spinner';
import { useNewflowMoves } from '../lib/newflow-context';
import { StepCard } from './step-card';
import styles from './newflow.module.css';

/**
 * checking_rate (rate_check, newflow §4): a waiting screen that submits the step every 5 s while it is
 * shown and stops on leaving. The server answers rate_check (pending) until the decision job has
 * answered, then select_program, denied or cant_proceed.
 */
export function CheckingRate({ intervalMs = RATE_CHECK_POLL_MS }: { intervalMs?: number }) {
  const moves = useNewflowMoves();
  const movesRef = useRef(moves);
  movesRef.current = moves;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const answer = await postApplicationStep({ workflow_status_key: 'rate_check' });
        if (stopped) return;
        if (!answer.pending && answer.new_status !== 'rate_check') {
          stopped = true;
          await movesRef.current.moveOn(answer);
          return;
        }
      } catch (error) {
        if (stopped) return;
        // Already moved on elsewhere (409): open that page. Other failures are retried at the next tick.
        const current = refusedStepStatus(error);
        if (current) {
          stopped = true;
          movesRef.current.goTo(current);
          return;
        }
      }
      timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs]);

  return (
    <StepCard title="Checking your rate" lead="We are checking your rate with the credit bureau. This usually takes a few seconds; please keep this page open.">
      <div className={styles.wait} role="status">
        <Spinner size="lg" label="Checking your rate" />
        <p className={styles.muted}>This does not affect your credit score.</p>
      </div>
    </StepCard>
  );
}
