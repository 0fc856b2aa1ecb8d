import { Navigate } from 'react-router';
import { Container } from '@payrail/ui/container';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useOngoingLoans } from '../../features/servicing/api/get-ongoing-loans';
import { useSessionQuery } from '../../features/session/api/get-session';
import { useSession } from '../../lib/session-store';
import { Payments } from '../servicing-views';

/** The payments page for the opened loan; the payoff stays disabled until the loan has loaded. */
function PaymentsForAccount() {
  const ongoing = useOngoingLoans();
  const loan = ongoing.data?.opened_loan?.loan ?? null;
  if (!ongoing.isPending && !loan) return <Navigate to="/dashboard" replace />;
  return (
    <Container width="narrow">
      <Payments loan={loan} headingLevel={1} />
    </Container>
  );
}

function PaymentForAccount() {
  const { data, isPending } = useSessionQuery();
  if (isPending) return <LoadingBlock label="Checking your account…" />;
  if (!data?.has_jack_henry) return <Navigate to="/dashboard" replace />;
  return <PaymentsForAccount />;
}

/** /payment: public, but only accounts with the core-banking integration stay; others go to the dashboard. */
export function Component() {
  const signedIn = useSession((state) => state.token !== null);
  if (!signedIn) return <Navigate to="/dashboard" replace />;
  return <PaymentForAccount />;
}
