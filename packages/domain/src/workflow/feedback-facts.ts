import type { WorkflowContext } from './machine';

/** What the workflow reads of the reviewer's feedback request (the review module's `feedback_requests` row). */
export interface FeedbackRequestFacts {
  readonly status: string;
  /** `true`, or the bank fields to redo (`bank_link: true` asks for a new linked account). */
  readonly bankInformation: unknown;
  readonly allotment: boolean;
  readonly documents: readonly string[];
}

/** The workflow guard facts an open feedback request gives: it asks for a new bank link, or for an allotment. */
export function feedbackFacts(feedback: FeedbackRequestFacts | undefined): Pick<WorkflowContext, 'feedbackAsksBankLink' | 'feedbackAsksAllotment'> {
  if (!feedback || feedback.status !== 'open') return { feedbackAsksBankLink: false, feedbackAsksAllotment: false };
  const bank = feedback.bankInformation;
  return {
    feedbackAsksBankLink: typeof bank === 'object' && bank !== null && (bank as Record<string, unknown>).bank_link === true,
    feedbackAsksAllotment: feedback.allotment || feedback.documents.includes('allotment'),
  };
}
