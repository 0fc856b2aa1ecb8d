import { isStackable, landsHome } from '@payrail/domain/workflow/status-attributes';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import { useCallback, useState } from 'react';
import { postChangeStatus } from '../features/workflow/api/change-status';
import { getNavigationStack } from '../features/workflow/api/get-navigation-stack';
import { postNextStatus } from '../api/post-next-status';
import { isApiError } from '@payrail/client/http-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { navigate, redirectFullPage } from '@payrail/client/navigation';
import { sessionStore } from '../lib/session-store';
import type { SessionUser } from '../lib/session-store';
import { NEWFLOW_SIGNIN, newflowRouteForStatus, routeForStatus } from './status-routes';
import { cleanStack } from './newflow-back';

/**
 * The workflow client (spec §4 "Session and navigation"): continue, go back, reload the stack, the end
 * of every sign-in, and `followStatus` — the one way a screen adopts a status the server answered and
 * opens its page. Screens call these; which statuses join the back stack or land on the home page is
 * the domain's data (status-attributes.ts), the status → route map is in status-routes.ts.
 */

function pushStack(status: string): void {
  const stack = sessionStore.getState().navigationStack;
  if (isStackable(status) && stack.at(-1) !== status) sessionStore.setNavigationStack([...stack, status]);
}

function adoptStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status });
}

function routeOf(status: string): string {
  const user = sessionStore.getState().user;
  return routeForStatus(status, user?.loan_type ?? null, user?.new_flow ?? null);
}

/** Reads the stack from the server; answers the current status. */
export async function reloadNavigationStack(): Promise<string> {
  const { navigation_stack, current_status } = await getNavigationStack();
  sessionStore.setNavigationStack(cleanStack(navigation_stack));
  adoptStatus(current_status);
  return current_status;
}

/**
 * Continue from `currentStatus`: the server answers the next status; submitted/denied/employer review
 * land on the root, other statuses push onto the stack and open their page. A refused move adopts the
 * server's current status and opens its page. Rejects with the error so the screen stops its spinner.
 */
export async function goToNextStatus(currentStatus: string): Promise<TWorkflowStatus> {
  try {
    const { new_status } = await postNextStatus(currentStatus);
    moveToStatus(new_status);
    return new_status;
  } catch (error) {
    const current = refusedStatus(error);
    if (current) {
      adoptRefusedStatus(current);
      return current;
    }
    throw error;
  }
}

/** How a screen follows a status the server answered. */
export interface FollowOptions {
  /** The call was refused in this status: open its page in place of this one; nothing joins the back stack. */
  readonly refused?: boolean;
  /** The step's spec sends the borrower home after it, whatever the status. */
  readonly home?: boolean;
  /** Replace the current history entry (a refusal always does). */
  readonly replace?: boolean;
}

/**
 * The one status-adoption routine: adopt `status` in the session store (AppProviders writes it into
 * the cached session check and stops a check in flight, so the next page cannot mount on the old
 * status), then open its page — the home page for submitted/denied/employer review or when the step
 * says so, otherwise the status's page, pushed on the back stack when it is one of the borrower's pages.
 */
export function followStatus(status: string, options: FollowOptions = {}): void {
  adoptStatus(status);
  const how = (options.replace ?? options.refused) ? { replace: true } : undefined;
  if (options.home || (!options.refused && landsHome(status))) {
    navigate('/', how);
    return;
  }
  if (!options.refused) pushStack(status);
  navigate(routeOf(status), how);
}

/** A step's own call moved the borrower (the server answered `new_status`): follow it as a continue does. */
export function moveToStatus(status: string): void {
  followStatus(status);
}

/** A step call refused in this status: adopt the server's status and open its page instead. */
export function adoptRefusedStatus(status: string): void {
  followStatus(status, { refused: true });
}

/** A refusal answered `{ error, current_status }` (`refusedStatus`): adopt it (true), or leave other errors to the caller (false). */
export function adoptRefusal(error: unknown): boolean {
  const current = refusedStatus(error);
  if (!current) return false;
  adoptRefusedStatus(current);
  return true;
}

/** Back: ask the server to return to the previous stack entry; pop on success, adopt its status on refusal. */
export async function goToPreviousStatus(): Promise<string> {
  let stack = cleanStack(sessionStore.getState().navigationStack);
  if (stack.length < 2) {
    await reloadNavigationStack();
    stack = cleanStack(sessionStore.getState().navigationStack);
  }
  const previous = stack.at(-2);
  if (!previous) {
    navigate('/');
    return sessionStore.getState().user?.workflow_status ?? '';
  }
  try {
    const { new_status } = await postChangeStatus(previous);
    sessionStore.setNavigationStack(stack.slice(0, -1));
    adoptStatus(new_status);
    navigate(routeOf(new_status));
    return new_status;
  } catch (error) {
    const current = refusedStatus(error);
    if (current) {
      followStatus(current, { refused: true });
      return current;
    }
    throw error;
  }
}

/**
 * The end of every sign-in (password, social, confirmation, pre-signed link): keep the account, read
 * the navigation stack and open the page of the current status. Refinancing accounts get the spec's
 * full-page redirect to /refinance_terms.
 */
export async function finishSignIn(user: SessionUser): Promise<void> {
  // A new-flow account (the server's `new_flow`) continues on the new flow's pages wherever it signed in.
  if (user.new_flow) {
    await finishNewflowSignIn(user);
    return;
  }
  sessionStore.setUser(user);
  sessionStore.setPendingEmail(null);
  if (user.refinancing) {
    redirectFullPage('/refinance_terms');
    return;
  }
  const status = await reloadNavigationStack();
  navigate(landsHome(status) ? '/' : routeOf(status), { replace: true });
}

/**
 * The session check and the new flow's step reads (with their contract schemas) load when a move needs
 * them, not with the new-flow shell that holds these moves (docs/architecture.md).
 */
const sessionApi = () => import('../features/session/api/get-session');
const applicationStepApi = () => import('../lib/application-step');

/**
 * A page whose action ends in a sign-in (the e-mail confirmation) loads those modules while it is shown,
 * so the moves after its click wait for no module (the same requests, in the same order).
 */
export function preloadSignInMoves(): void {
  void sessionApi().catch(() => undefined);
  void applicationStepApi().catch(() => undefined);
}

/** After a call that only answered a token (social sign-up, e-mail confirmation, pre-signed link). */
export async function finishSignInWithToken(): Promise<void> {
  const { getSession, sessionUserFrom } = await sessionApi();
  const session = await getSession();
  await finishSignIn(sessionUserFrom(session));
}

/** The workflow moves as a hook, with a pending flag for the buttons that trigger them. */
export function useWorkflow() {
  const [pending, setPending] = useState<'next' | 'back' | null>(null);
  const run = useCallback(async <T>(kind: 'next' | 'back', action: () => Promise<T>): Promise<T | undefined> => {
    setPending(kind);
    try {
      return await action();
    } catch {
      // Global handling (401/403/503) has already told the borrower; the screen stays as it was.
      return undefined;
    } finally {
      setPending(null);
    }
  }, []);
  return {
    pending,
    next: useCallback((currentStatus: string) => run('next', () => goToNextStatus(currentStatus)), [run]),
    back: useCallback(() => run('back', goToPreviousStatus), [run]),
  };
}

// ── New flow (newflow-and-dashboard.md §4 "Navigation after a step") ────────────────────────────

export { NEWFLOW_SIGNIN, NEWFLOW_SIGNUP } from './status-routes';

function newflowRouteOf(status: string): string {
  return newflowRouteForStatus(status) ?? routeOf(status);
}

/** A new-flow answer moved the applicant: adopt the status, push it on the stack and open its slug. */
export function moveToNewflowStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status, new_flow: true });
  pushStack(status);
  navigate(newflowRouteOf(status));
}

/**
 * After a step is submitted, or after a sign-in (§4): the slug of the answer's `new_status`; without one,
 * the last entry of the navigation stack; with an empty stack, the current step's data is read and a
 * `finalized_application` goes to its new status (otherwise the current status's page). A 401 reading the
 * stack sends the applicant to the new-flow sign-in.
 */
export async function continueNewflow(answer?: { new_status?: string | null } | null): Promise<void> {
  if (answer?.new_status) {
    moveToNewflowStatus(answer.new_status);
    return;
  }
  // The step reads load while the stack is read (needed only with an empty stack).
  const stepApi = applicationStepApi();
  void stepApi.catch(() => undefined);
  let current: string;
  let stack: string[];
  try {
    const read = await getNavigationStack({ globalErrors: false });
    current = read.current_status;
    stack = cleanStack(read.navigation_stack);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      sessionStore.clearAll({ exitTo: NEWFLOW_SIGNIN });
      navigate(NEWFLOW_SIGNIN, { replace: true });
      return;
    }
    if (isApiError(error) && error.status === 503) navigate('/unavailable', { replace: true });
    throw error;
  }
  sessionStore.setNavigationStack(stack);
  sessionStore.updateUser({ workflow_status: current, new_flow: true });
  const last = stack.at(-1);
  if (last) {
    navigate(newflowRouteOf(last), { replace: true });
    return;
  }
  const { getApplicationStep } = await stepApi;
  const data = await getApplicationStep(current);
  if (data.finalized_application && data.new_status) {
    moveToNewflowStatus(data.new_status);
    return;
  }
  navigate(newflowRouteOf(current), { replace: true });
}

/** The end of a new-flow sign-in (password, e-mail confirmation): keep the account as a new-flow one and continue. */
export async function finishNewflowSignIn(user: SessionUser): Promise<void> {
  sessionStore.setUser({ ...user, new_flow: true });
  sessionStore.setPendingEmail(null);
  await continueNewflow(null);
}

/** After a new-flow call that only answered a token (e-mail confirmation). */
export async function finishNewflowSignInWithToken(): Promise<void> {
  const { getSession, sessionUserFrom } = await sessionApi();
  const session = await getSession();
  await finishNewflowSignIn(sessionUserFrom(session));
}

export { NEWFLOW_BACK_TARGETS, newflowBackTarget } from './newflow-back';

/** Back on a new-flow step: the server moves the application back to the stack's previous status (go_back). */
export async function goBackNewflow(): Promise<void> {
  const stack = cleanStack(sessionStore.getState().navigationStack);
  const previous = stack.at(-2);
  if (!previous) {
    await continueNewflow(null);
    return;
  }
  try {
    const { new_status } = await postChangeStatus(previous);
    sessionStore.setNavigationStack(stack.slice(0, -1));
    sessionStore.updateUser({ workflow_status: new_status, new_flow: true });
    navigate(newflowRouteOf(new_status));
  } catch (error) {
    const current = refusedStatus(error);
    if (current) {
      goToNewflowStatus(current);
      return;
    }
    throw error;
  }
}

/** Open the page of a status the server named (a refused step's `current_status`, a GET's `new_status`). */
export function goToNewflowStatus(status: string): void {
  sessionStore.updateUser({ workflow_status: status, new_flow: true });
  navigate(newflowRouteOf(status), { replace: true });
}
