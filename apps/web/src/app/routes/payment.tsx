import { Navigate } from 'react-router';
import { Container } from '../../components/layout/container';
import { Button } from '../../components/ui/button';
import { LoadingBlock } from '../../components/ui/spinner';
import { useSessionQuery } from '../../features/session/api/get-session';
import { BRAND } from '../../lib/brand';
import { useSession } from '../../lib/session-store';
import styles from './later-release.module.css';

function PaymentForAccount() {
  const { data, isPending } = useSessionQuery();
  if (isPending) return <LoadingBlock label="Checking your account…" />;
  if (!data?.has_jack_henry) return <Navigate to="/dashboard" replace />;
  return (
    <Container width="narrow">
      <section className={styles.panel} aria-labelledby="payment-title">
        <p className={styles.tag}>Coming in the dashboard release</p>
        <h1 id="payment-title">Make a payment</h1>
        <p>Online payments open in the dashboard release. Until then, customer service can take a payment by phone.</p>
        <div className={styles.actions}>
          <Button href={BRAND.supportPhoneHref}>Call {BRAND.supportPhone}</Button>
          <Button to="/dashboard" variant="secondary">
            Go to the dashboard
          </Button>
        </div>
      </section>
    </Container>
  );
}

/** /payment: public, but only accounts with the core-banking integration stay; others go to the dashboard. */
export function Component() {
  const signedIn = useSession((state) => state.token !== null);
  if (!signedIn) return <Navigate to="/dashboard" replace />;
  return <PaymentForAccount />;
}
