import { useSession } from '../../lib/session-store';
import { greetingOf } from '../layouts/app-shell-layout';
import styles from './dashboard.module.css';

/** /dashboard (named route dashboard). The loan widgets come with the dashboard release. */
export function Component() {
  const firstName = useSession((state) => state.user?.first_name ?? null);
  return (
    <>
      <h1 className={styles.greeting}>{greetingOf(firstName)}</h1>
      <p className={styles.lead}>This is your Payrail dashboard.</p>
      <section className={styles.note} aria-labelledby="dashboard-next">
        <h2 id="dashboard-next">Coming in the dashboard release</h2>
        <p>Your loan progress, scheduled payments and loan history will appear here. Until then, notifications, your benefits and customer service are already available from this page.</p>
      </section>
    </>
  );
}
