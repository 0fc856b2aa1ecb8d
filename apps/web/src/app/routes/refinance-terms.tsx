import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { LoanTerms } from '../../features/loan-terms/components/loan-terms';
import { startRefinance } from '../../features/refinance/api/refinance-api';
import { sessionQueryOptions, useSessionQuery } from '../../features/session/api/get-session';
import { isApiError } from '@payrail/client/http-client';
import { sessionStore, useSession } from '../../lib/session-store';
import { REFINANCE_START_STATUSES } from '../status-routes';
import { adoptRefusal, goToNextStatus } from '../workflow';

/**
 * /refinance_terms and the dashboard's RefinanceTerms (statuses refinancing_loan_terms,
 * loan_amount_changed; an approved borrower arriving from the Refinance button or the Approved panel's
 * prompt starts the refinance first — POST /refinance). Continue records the consent and advances
 * (refinancing_loan_terms → /refinance_review; a counteroffer's loan_amount_changed → review, home).
 */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status) ?? 'refinancing_loan_terms';
  const session = useSessionQuery();
  const stateId = session.data?.loan_borrower.state_id;
  const [startError, setStartError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const starting = REFINANCE_START_STATUSES.includes(status) || status === 'refinancing_application';

  useEffect(() => {
    if (!starting) return;
    let live = true;
    startRefinance()
      .then(async ({ new_status }) => {
        // Adopt the move in the cached session check too, so a poll in flight cannot put the old status back.
        const { queryKey } = sessionQueryOptions();
        await queryClient.cancelQueries({ queryKey });
        queryClient.setQueryData(queryKey, (old) => (old ? { ...old, workflow_status: new_status, loan_type: 'refinancing' as const } : old));
        if (live) sessionStore.updateUser({ workflow_status: new_status, loan_type: 'refinancing' });
      })
      .catch((error: unknown) => {
        if (live) setStartError((isApiError(error) && error.serverMessage) || 'We could not start your refinance. Please try again.');
      });
    return () => {
      live = false;
    };
  }, [starting, queryClient]);

  if (startError) {
    return (
      <Container width="narrow">
        <h1>Refinance Terms</h1>
        <Alert kind="error">{startError}</Alert>
        <Button to="/dashboard">Back to dashboard</Button>
      </Container>
    );
  }
  if (starting) return <LoadingBlock label="Preparing your refinance…" />;
  return <LoanTerms title="Refinance Terms" state={stateId ? String(stateId) : null} onContinue={() => goToNextStatus(status)} onRefused={adoptRefusal} />;
}
