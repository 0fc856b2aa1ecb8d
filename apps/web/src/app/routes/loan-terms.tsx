import { LoanTerms } from '../../features/loan-terms/components/loan-terms';
import { useSessionQuery } from '../../features/session/api/get-session';
import { useSession } from '../../lib/session-store';
import { adoptRefusal, goToNextStatus, useWorkflow } from '../workflow';

/**
 * /loan_terms (statuses loan_terms, loan_amount_changed): the loan terms, step 1. Continue records the
 * consent and advances (loan_terms → bank_link; loan_amount_changed → ready_for_review, home). The
 * application variant (loan_terms) has a Back button. Opened in bank_link or a phone status, its guard
 * first asks the server to set loan_terms (loan-terms-open.tsx).
 */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status) ?? 'loan_terms';
  const session = useSessionQuery();
  const workflow = useWorkflow();
  const stateId = session.data?.loan_borrower.state_id;
  return (
    <LoanTerms
      state={stateId ? String(stateId) : null}
      onContinue={() => goToNextStatus(status)}
      onRefused={adoptRefusal}
      onBack={status === 'loan_terms' ? () => void workflow.back() : undefined}
      backPending={workflow.pending === 'back'}
    />
  );
}
