import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';

const SHOWN_KEY = 'payrail.pending-refinance-shown';

const shownThisSession = (): boolean => {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The dashboard's pending-refinance modal (newflow §2): shown once per browser session while a refinance
 * the borrower still has to act on (terms, review information or signature) is in progress.
 */
export function PendingRefinanceModal({ pending }: { pending: boolean }) {
  const [open, setOpen] = useState(() => pending && !shownThisSession());
  if (!pending && !open) return null;
  const close = () => {
    try {
      window.sessionStorage.setItem(SHOWN_KEY, '1');
    } catch {
      // Storage refused (private mode): the modal simply may show again.
    }
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Your refinance is waiting for you"
      description="You started refinancing your loan. Continue where you left off to get your new loan."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Not now
          </Button>
          <Button to="/" onClick={close}>
            Continue
          </Button>
        </>
      }
    />
  );
}
