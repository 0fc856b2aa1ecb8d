/**
 * The workflow-status entity of classic-application-flow.md §3: "key, name, parent_status, transitions,
 * childs". Derived from the status list and the transition table, so it can never disagree with them.
 * A child is a status that refines its parent while the borrower stays on the parent's page (an upload
 * of the documents step, the code-sent view of phone verification, a changed amount of loan terms).
 */
import { allowedTransitions } from './machine';
import { WORKFLOW_STATUSES, type WorkflowStatus } from './statuses';

/** The entity as the wire carries it. */
export interface WorkflowStatusEntity {
  readonly key: WorkflowStatus;
  readonly name: string;
  readonly parent_status: WorkflowStatus | null;
  /** The statuses this one may change to (any actor), each once, in table order. */
  readonly transitions: WorkflowStatus[];
  readonly childs: WorkflowStatus[];
}

/** Parent of each refining status. */
export const PARENT_STATUS: Readonly<Partial<Record<WorkflowStatus, WorkflowStatus>>> = {
  phone_code_sent: 'phone_verification',
  loan_amount_changed: 'loan_terms',
  bank_manually_insert: 'bank_link',
  bank_manual_input: 'bank_input',
  driver_license_uploaded: 'documents',
  pay_stub_uploaded: 'documents',
  proof_of_address_uploaded: 'documents',
  review_allotment: 'allotment_needed',
  reconsider_declined: 'declined',
  refinancing_loan_terms: 'refinancing_application',
  refinancing_review: 'refinancing_application',
  refinancing_esignature: 'refinancing_application',
};

/** "bank_manual_input" → "Bank manual input". */
export const statusName = (key: WorkflowStatus): string => {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The entity of one status. */
export function workflowStatusEntity(key: WorkflowStatus): WorkflowStatusEntity {
  return {
    key,
    name: statusName(key),
    parent_status: PARENT_STATUS[key] ?? null,
    transitions: [...new Set(allowedTransitions(key).map((t) => t.to))],
    childs: WORKFLOW_STATUSES.filter((s) => PARENT_STATUS[s] === key),
  };
}

/** Every status's entity, in the order of {@link WORKFLOW_STATUSES}. */
export function workflowStatusEntities(): WorkflowStatusEntity[] {
  return WORKFLOW_STATUSES.map(workflowStatusEntity);
}
