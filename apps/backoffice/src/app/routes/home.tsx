import { Alert } from '@web-ui/alert';
import { LoadingBlock } from '@web-ui/spinner';
import { useMe } from '../../features/auth/api/get-me';
import { ROLE_LABELS } from '../../lib/staff-session';
import { usePageTitle } from '../title';
import styles from './home.module.css';

export function Component() {
  usePageTitle('Home');
  const { data: me, isPending, isError } = useMe();

  if (isPending) return <LoadingBlock label="Loading your account…" />;
  if (isError) {
    return (
      <Alert kind="error" title="We could not load your account.">
        <p>Reload the page to try again.</p>
      </Alert>
    );
  }

  return (
    <>
      <h1>Welcome, {me.name}</h1>
      <p className={styles.lead}>
        You are signed in as <strong>{ROLE_LABELS[me.role]}</strong> ({me.email}).
      </p>
      <section className={styles.placeholder} aria-labelledby="queue-title">
        <p className={styles.tag}>Placeholder</p>
        <h2 id="queue-title">Review queue</h2>
        <p>
          The review queue arrives with the back-office release. Until then this page only confirms your sign-in: there are no applications, decisions or loan
          actions here yet.
        </p>
      </section>
    </>
  );
}
