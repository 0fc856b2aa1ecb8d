import { useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { useRevealSsn } from '../api/reveal-ssn';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { formatSsn } from '../../../lib/labels';

/**
 * The masked SSN with a "Reveal" button (reviewers only). Revealing is audited, so it asks first;
 * the full number lives only in this component's state, never in the query cache.
 */
export function SsnField({ userId, masked, canReveal }: { userId: number; masked: string | null; canReveal: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [full, setFull] = useState<string | null>(null);
  const reveal = useRevealSsn(userId);

  if (!masked) return <>—</>;

  const confirm = () => {
    reveal.mutate(undefined, {
      onSuccess: (ssn) => {
        setFull(ssn ?? masked);
        setConfirming(false);
      },
    });
  };

  return (
    <span className={styles.inline}>
      <span className={styles.mono} aria-live="polite">
        {formatSsn(full ?? masked)}
      </span>
      {full ? (
        <Button variant="ghost" size="sm" onClick={() => setFull(null)}>
          Hide SSN
        </Button>
      ) : canReveal ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Reveal SSN
        </Button>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reveal the full SSN?"
        description="Your name, the time and this application are recorded in the audit log. Reveal it only when the review needs it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it masked
            </Button>
            <Button onClick={confirm} loading={reveal.isPending}>
              Reveal
            </Button>
          </>
        }
      >
        {reveal.isError ? (
          <Alert kind="error" assertive>
            We could not reveal the SSN. Please try again.
          </Alert>
        ) : null}
      </Dialog>
    </span>
  );
}
