import type { FeedbackRow } from './repository';

/** The workflow guard facts an open feedback request gives: it asks for a new bank link, or for an allotment. */
export function feedbackFacts(feedback: FeedbackRow | undefined): { feedbackAsksBankLink: boolean; feedbackAsksAllotment: boolean } {
  if (!feedback || feedback.status !== 'open') return { feedbackAsksBankLink: false, feedbackAsksAllotment: false };
  const bank = feedback.bankInformation;
  return {
    feedbackAsksBankLink: typeof bank === 'object' && bank !== null && bank.bank_link === true,
    feedbackAsksAllotment: feedback.allotment || feedback.documents.includes('allotment'),
  };
}
