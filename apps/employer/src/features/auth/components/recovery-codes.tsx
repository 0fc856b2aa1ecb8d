import { useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { saveBlob } from '../../../lib/api-client';
import styles from './totp-enrolment.module.css';

export const SAVED_REQUIRED = 'Confirm that you saved your recovery codes.';

/** The one-time recovery codes, shown this once; the person confirms they saved them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <>
      <Alert kind="warning" title="Save these codes now">
        Each code signs you in once if you lose your phone. We will not show them again.
      </Alert>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            saveBlob(new Blob([`Payrail employer portal recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }), 'payrail-recovery-codes.txt')
          }
        >
          Download the codes
        </Button>
      </div>
      <form
        noValidate
        aria-label="Confirm you saved your recovery codes"
        onSubmit={(event) => {
          event.preventDefault();
          if (!saved) {
            setError(SAVED_REQUIRED);
            return;
          }
          onDone();
        }}
      >
        <Checkbox
          label="I saved these recovery codes somewhere safe"
          checked={saved}
          error={error}
          onChange={(event) => {
            setSaved(event.target.checked);
            if (event.target.checked) setError(undefined);
          }}
        />
        <Button type="submit" fullWidth>
          Continue to the portal
        </Button>
      </form>
    </>
  );
}
