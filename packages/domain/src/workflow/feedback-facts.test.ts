import { describe, expect, it } from 'vitest';
import { feedbackFacts } from './feedback-facts';

const open = { status: 'open', bankInformation: false as unknown, allotment: false, documents: [] as string[] };
const none = { feedbackAsksBankLink: false, feedbackAsksAllotment: false };

describe('feedbackFacts', () => {
  it('no request, or one no longer open, asks nothing', () => {
    expect(feedbackFacts(undefined)).toEqual(none);
    expect(feedbackFacts({ ...open, status: 'answered', allotment: true, bankInformation: { bank_link: true } })).toEqual(none);
    expect(feedbackFacts({ ...open, status: 'superseded', documents: ['allotment'] })).toEqual(none);
  });

  it('a new bank link only when the bank information asks for one', () => {
    expect(feedbackFacts({ ...open, bankInformation: { bank_link: true } }).feedbackAsksBankLink).toBe(true);
    expect(feedbackFacts({ ...open, bankInformation: { bank_link: false, routing_number: true } }).feedbackAsksBankLink).toBe(false);
    expect(feedbackFacts({ ...open, bankInformation: true }).feedbackAsksBankLink).toBe(false);
  });

  it('an allotment when asked for as such or as a document', () => {
    expect(feedbackFacts({ ...open, allotment: true })).toEqual({ feedbackAsksBankLink: false, feedbackAsksAllotment: true });
    expect(feedbackFacts({ ...open, documents: ['paystub', 'allotment'] }).feedbackAsksAllotment).toBe(true);
    expect(feedbackFacts({ ...open, documents: ['paystub'] }).feedbackAsksAllotment).toBe(false);
  });
});
