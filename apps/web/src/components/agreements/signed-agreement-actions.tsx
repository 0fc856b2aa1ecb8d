import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';

/** The toast of a signed agreement's PDF that could not be downloaded. */
export const SIGNED_AGREEMENT_DOWNLOAD_FAILED = 'We could not download the agreement. Please try again.';

/**
 * Under an agreement the borrower has just signed (a payment plan, a due-date change): download the signed
 * PDF (`pdf.fetch`, handed to `save` under `pdf.fileName`; a toast when it fails; nothing while `pdf` is
 * null) and go back to Loans & Payments.
 */
export function SignedAgreementActions({
  pdf,
  save,
  className,
}: {
  pdf: { fetch: () => Promise<Blob>; fileName: string } | null;
  save: (blob: Blob, fileName: string) => void;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!pdf) return;
    setBusy(true);
    try {
      save(await pdf.fetch(), pdf.fileName);
    } catch {
      notify.error(SIGNED_AGREEMENT_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <Button onClick={() => void download()} loading={busy} variant="secondary">
        Download the signed agreement (PDF)
      </Button>
      <Button to="/dashboard/loans-and-payments">Back to Loans &amp; Payments</Button>
    </div>
  );
}
