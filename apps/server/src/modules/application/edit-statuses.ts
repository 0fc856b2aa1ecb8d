import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';

/** Where the About-yourself answers can be edited: the step itself, the employer step (working time, military), the review pages. */
export const EDIT_STATUSES: readonly WorkflowStatus[] = ['about_yourself', 'employer', 'application_review', 'refinancing_review'];
