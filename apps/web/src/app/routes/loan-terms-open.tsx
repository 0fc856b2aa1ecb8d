import { useEffect, useRef, useState } from 'react';
import { LoadingBlock } from '@payrail/ui/spinner';
import { postChangeStatus } from '../../features/workflow/api/change-status';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { useSessionQuery } from '../../features/session/api/get-session';
import { sessionStore, useSession } from '../../lib/session-store';
import { RequireStatus } from '../guards';
import { reloadNavigationStack } from '../workflow';

/** The loan terms page's own statuses: the guard admits it in these, and the page asks nothing on open in them. */
export const LOAN_TERMS_STATUSES: readonly string[] = ['loan_terms', 'loan_amount_changed'];

/**
 * The statuses the workflow table lets the borrower leave for `loan_terms` (back from `bank_link`, on from the
 * phone steps once the phone is confirmed): opened in one of these, the page asks the server to set loan_terms.
 * Written out to keep the workflow table out of the page's chunk; routes/loan-terms.test.tsx checks it against the table.
 */
export const LOAN_TERMS_OPENS_FROM: readonly string[] = ['bank_link', 'phone_verification', 'phone_code_sent'];

/**
 * The opening move (spec §4 "Loan terms: on open, status set to loan_terms unless already loan_terms or
 * loan_amount_changed"): POST /workflow/change_status loan_terms, the client's back move. The server decides
 * (a back move only to the page under the top of the stack, a forward one only with the phone confirmed):
 * granted, the status is loan_terms and the stack is read again; refused, the status the server answered is
 * adopted (the guard then opens its page). Any other failure leaves the status as it was.
 */
async function setLoanTermsOnOpen(): Promise<void> {
  try {
    const { new_status } = await postChangeStatus('loan_terms');
    sessionStore.updateUser({ workflow_status: new_status });
    await reloadNavigationStack().catch(() => undefined);
  } catch (error) {
    const current = refusedStatus(error);
    if (current) sessionStore.updateUser({ workflow_status: current });
  }
}

/**
 * The guard of /loan_terms. What the page opens in (navigation into /loan_terms: Back in the browser from bank
 * link, a typed URL, a sign-in) is decided once, when the guard mounts. In its own statuses it is the usual
 * status guard at once. In any other the session check under way is awaited first (a check answered after the
 * move would put the old status back): in one of {@link LOAN_TERMS_OPENS_FROM} the page shows a loading block
 * while the opening move is asked, then the usual guard, which opens the terms or the page of the status the
 * server answered. Only the mount asks: a status that changes while the page is open (its own Continue moving
 * on to bank_link, a poll answering another status) is the usual guard's, which sends the borrower to that
 * status's page (spec §3 "Guarding").
 */
export function LoanTermsGuard() {
  const signedIn = useSession((state) => state.token !== null);
  const [phase, setPhase] = useState<'checking' | 'opening' | 'open'>(() => {
    const status = sessionStore.getState().user?.workflow_status;
    return status && LOAN_TERMS_STATUSES.includes(status) ? 'open' : 'checking';
  });
  const check = useSessionQuery({ enabled: signedIn && phase === 'checking' });
  const checking = phase === 'checking' && check.isFetching;
  const checkedStatus = check.data?.workflow_status;
  useEffect(() => {
    if (phase !== 'checking' || checking) return;
    const status = checkedStatus ?? sessionStore.getState().user?.workflow_status;
    if (status && LOAN_TERMS_OPENS_FROM.includes(status)) {
      setPhase('opening');
      return;
    }
    if (status) sessionStore.updateUser({ workflow_status: status });
    setPhase('open');
  }, [phase, checking, checkedStatus]);
  // Asked once per mount, also when StrictMode runs the effect twice; the answer is kept only while mounted.
  const asked = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (phase === 'opening' && !asked.current) {
      asked.current = true;
      void setLoanTermsOnOpen().finally(() => {
        if (mounted.current) setPhase('open');
      });
    }
    return () => {
      mounted.current = false;
    };
  }, [phase]);
  if (phase !== 'open') return <LoadingBlock label="Opening your loan terms…" />;
  return <RequireStatus allowed={LOAN_TERMS_STATUSES} />;
}
