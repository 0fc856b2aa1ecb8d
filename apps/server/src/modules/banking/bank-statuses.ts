import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';

/**
 * Where the borrower may change their bank information: the bank pages, the bank accounts page, the
 * application review (its bank section is editable), reviewer feedback that asks for the bank, and the
 * refinance review (bank info shown for review).
 */
export const BANK_EDIT_STATUSES: readonly WorkflowStatus[] = [
  'bank_link',
  'bank_input',
  'bank_manual_input',
  'bank_manually_insert',
  'choosing_receiver_account',
  'application_review',
  'feedback_sent',
  'refinancing_review',
  // The new flow's bank page (docs/newflow.md): the widget and manual entry.
  'verify_bank_account',
];

/** Bank pages whose Continue / Confirm leaves the bank step (through POST /bank_informations/confirm). */
export const BANK_CONFIRM_STATUSES: readonly WorkflowStatus[] = ['bank_input', 'bank_manual_input', 'bank_manually_insert', 'choosing_receiver_account'];
