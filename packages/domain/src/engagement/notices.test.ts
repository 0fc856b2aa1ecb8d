import { describe, expect, it } from 'vitest';
import { WORKFLOW_STATUSES } from '../workflow/statuses';
import { PAID_OFF_NOTICE, STATUS_NOTICES, feedbackNotice, paymentSettledNotice, statusNotice } from './notices';

describe('status notices', () => {
  it('tell the borrower of moves made by a reviewer or the system, never of their own', () => {
    expect(statusNotice('approved', 'reviewer')).toBe('Good news: your application was approved!');
    expect(statusNotice('dropped', 'system')).toMatch(/dropped/);
    for (const status of WORKFLOW_STATUSES) expect(statusNotice(status, 'borrower')).toBeNull();
  });

  it('say nothing for steps, for feedback_sent (its own notice) or for an unknown status', () => {
    expect(statusNotice('about_yourself', 'system')).toBeNull();
    expect(statusNotice('feedback_sent', 'reviewer')).toBeNull();
    expect(statusNotice('nonsense', 'reviewer')).toBeNull();
  });

  it('cover every outcome of a review', () => {
    for (const s of ['approved', 'declined', 'denied', 'dropped', 'canceled', 'review_allotment', 'application_submitted'] as const)
      expect(STATUS_NOTICES[s]).toBeTruthy();
  });
});

describe('feedback notice', () => {
  it('names the requested documents once each, in order', () => {
    expect(feedbackNotice(['pay_stub'])).toBe('Documents requested: please upload your pay stub.');
    expect(feedbackNotice(['pay_stub', 'proof_of_address', 'pay_stub', 'w2'])).toBe(
      'Documents requested: please upload your pay stub, proof of address and W-2.',
    );
  });

  it('asks to review the answers when no document is requested', () => {
    expect(feedbackNotice([])).toMatch(/review your application/);
  });
});

describe('servicing notices', () => {
  it('read as sentences', () => {
    expect(paymentSettledNotice('$183.41', '2026-12-0001')).toBe('Your payment of $183.41 on loan 2026-12-0001 has settled.');
    expect(PAID_OFF_NOTICE).toBe('Your loan is paid in full. Thank you!');
  });
});
