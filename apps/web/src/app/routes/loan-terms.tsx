import { useEffect } from 'react';
import { LoadingBlock } from '@payrail/ui/spinner';
import { LoanTerms } from '../../features/loan-terms/components/loan-terms';
import { useSessionQuery } from '../../features/session/api/get-session';
import { postChangeStatus } from '../../features/workflow/api/change-status';
import { sessionStore, useSession } from '../../lib/session-store';
import { adoptRefusal, followStatus, goToNextStatus, reloadNavigationStack, useWorkflow } from '../workflow';

/** The page's own statuses. The router also opens it from the statuses the borrower may leave for loan_terms. */
const OWN_STATUSES: readonly string[] = ['loan_terms', 'loan_amount_changed'];

/**
 * Spec §4 "Loan terms: on open, status set to loan_terms unless already loan_terms or loan_amount_changed":
 * opened in another status (the router lets in only those the workflow table lets the borrower leave for
 * loan_terms: back from bank_link, on from a confirmed phone), the page asks the server for the move. The
 * server decides (a back move only to the page under the top of the stack): granted, the page shows with
 * the server's stack; refused, the borrower goes to the page of the status the server answered. Answers
 * true while the move is asked.
 */
function useOpenAsLoanTerms(status: string): boolean {
  const asking = !OWN_STATUSES.includes(status);
  useEffect(() => {
    if (!asking) return;
    let live = true;
    postChangeStatus('loan_terms').then(
      async ({ new_status }) => {
        if (!live) return;
        sessionStore.updateUser({ workflow_status: new_status });
        await reloadNavigationStack().catch(() => undefined);
      },
      (error: unknown) => {
        if (live && !adoptRefusal(error)) followStatus(status, { refused: true });
      },
    );
    return () => {
      live = false;
    };
  }, [asking, status]);
  return asking;
}

/**
 * /loan_terms (statuses loan_terms, loan_amount_changed): the loan terms, step 1. Continue records the
 * consent and advances (loan_terms → bank_link; loan_amount_changed → ready_for_review, home). The
 * application variant (loan_terms) has a Back button.
 */
export function Component() {
  const status = useSession((state) => state.user?.workflow_status) ?? 'loan_terms';
  const session = useSessionQuery();
  const workflow = useWorkflow();
  const asking = useOpenAsLoanTerms(status);
  const stateId = session.data?.loan_borrower.state_id;
  if (asking) return <LoadingBlock label="Opening your loan terms…" />;
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
