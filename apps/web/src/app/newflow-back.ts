import { isStackable } from '@payrail/domain/workflow/status-attributes';

/** Only the borrower's own pages join the back stack (never phone_code_sent, the refinance start or the rate check). */
export const cleanStack = (stack: readonly string[]): string[] => stack.filter(isStackable);

/** The new-flow pages a Back link leads to (newflow §2: "Back targets are …"). */
export const NEWFLOW_BACK_TARGETS: ReadonlySet<string> = new Set(['personal_info', 'verify_bank_account', 'email_confirmation', 'loan_offer', 'job_info']);

/**
 * The page's Back link target in the new flow: the status under the current one on the navigation stack,
 * when it is one of the spec's back targets (the server's `go_back` move). Null: no Back link.
 * Its own module (app/workflow.ts re-exports it): the new flow's shell draws the link from it without
 * loading the workflow moves, which the shell imports on the first move (the sign-up page makes none).
 */
export function newflowBackTarget(status: string | null | undefined, stack: readonly string[]): string | null {
  const clean = cleanStack(stack);
  if (!status || clean.at(-1) !== status) return null;
  const previous = clean.at(-2);
  return previous && NEWFLOW_BACK_TARGETS.has(previous) ? previous : null;
}
