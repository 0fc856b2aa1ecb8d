/**
 * Renders the transition table as a Mermaid state diagram, so docs/workflow.md is drawn from the code
 * (a test fails when the document and the table disagree).
 */
import { FORWARD_TRANSITIONS, type Transition } from './machine';
import { DOCUMENT_STATUSES } from './statuses';

const label = (t: Transition): string => `${t.event}${t.when ? ` [${t.when}]` : ''} (${t.by.join(', ')})`;

/**
 * The forward rows as `stateDiagram-v2`. Derived rows (back moves, drops, cancels, restarts) and the
 * moves between two document uploads are left out to keep the picture readable; the document lists them.
 */
export function workflowMermaid(): string {
  const lines = ['stateDiagram-v2', '  [*] --> email_confirmation: sign_up (borrower)', '  [*] --> about_yourself: social sign_up (borrower)'];
  for (const t of FORWARD_TRANSITIONS) {
    const betweenUploads = t.from !== 'documents' && DOCUMENT_STATUSES.includes(t.from) && DOCUMENT_STATUSES.includes(t.to);
    if (!betweenUploads) lines.push(`  ${t.from} --> ${t.to}: ${label(t)}`);
  }
  return lines.join('\n');
}
