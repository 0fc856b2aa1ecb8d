import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Spinner } from '@payrail/ui/spinner';
import { useSandboxIdentities } from '../api/get-sandbox-identities';
import type { TSandboxIdentity } from '../api/get-sandbox-identities';
import styles from './auth.module.css';

export interface SandboxIdentityPickerProps {
  open: boolean;
  onPick: (identity: TSandboxIdentity) => void;
  /** The person closed the picker: not an error (spec §8). */
  onClose: () => void;
}

/**
 * The sandbox identity provider's "popup": a modal listing the test identities the server minted tokens
 * for. It stands in for Google's account chooser in development and tests.
 */
export function SandboxIdentityPicker({ open, onPick, onClose }: SandboxIdentityPickerProps) {
  const { data, isPending, isError, refetch } = useSandboxIdentities(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Choose an account"
      description="Sandbox identity provider: pick a test identity to continue. No real account is used."
      closeLabel="Close the account chooser"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {isPending ? (
        <Spinner label="Loading test identities" />
      ) : isError ? (
        <Alert kind="error" title="The test identities could not be loaded.">
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ul className={styles.picker} aria-label="Test identities">
          {data.map((identity) => (
            <li key={identity.email}>
              <button type="button" className={styles.identity} onClick={() => onPick(identity)}>
                <span className={styles.identityLabel}>{identity.name}</span>
                <span className={styles.identityEmail}>{identity.email}</span>
                <span className={styles.identityEmail}>{identity.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
