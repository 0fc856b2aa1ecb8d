import { describe, expect, it } from 'vitest';
import { APPROVED_STATUSES, PANEL_MSG, reapplyDateText, statusPanelEntry } from './status-panel';

describe('status panel entries (classic §2)', () => {
  it.each([
    ['approved', 'Approved', 'success'],
    ['refinancing_application', 'Approved', 'success'],
    ['application_submitted', 'In Analysis', 'info'],
    ['feedback_sent', 'Irregularities Found', 'warning'],
    ['ready_for_review', 'Under Review', 'info'],
    ['employer_review', 'Employer Review', 'info'],
    ['declined', 'Declined', 'error'],
    ['denied', 'Declined', 'error'],
    ['dropped', 'Dropped', 'warning'],
    ['canceled', 'Canceled', 'warning'],
    ['allotment_needed', 'Allotment Needed', 'warning'],
    ['review_allotment', 'Allotment in analysis', 'warning'],
  ])('%s → %s (%s)', (status, title, kind) => {
    expect(statusPanelEntry(status)).toMatchObject({ title, kind });
  });

  it('denied with a reason reads Not Qualified', () => {
    expect(statusPanelEntry('denied', 'Income below the minimum')).toEqual({ title: 'Not Qualified', kind: 'error', message: 'Income below the minimum' });
  });

  it('non-federal employers read Split Direct Deposit', () => {
    expect(statusPanelEntry('allotment_needed', null, { paymentType: 'split_direct_deposit' }).title).toBe('Split Direct Deposit Needed');
    expect(statusPanelEntry('review_allotment', null, { paymentType: 'split_direct_deposit' }).title).toBe('Split Direct Deposit in analysis');
    expect(statusPanelEntry('allotment_needed', null, { paymentType: 'split_direct_deposit' }).message).toBe('We need your split direct deposit to continue.');
    expect(statusPanelEntry('allotment_needed', null, { paymentType: 'allotment' }).title).toBe('Allotment Needed');
  });

  it('messages: in analysis, dropped for inactivity, canceled with its reapply date', () => {
    expect(statusPanelEntry('application_submitted').message).toBe(
      'We received your application and it is in analysis. Our customer service reviews applications within 24-48 hours.',
    );
    expect(statusPanelEntry('dropped').message).toBe(PANEL_MSG.dropped);
    expect(statusPanelEntry('canceled', null, { reapplyOn: '03/04/2027' }).message).toBe('Your application was canceled. You can reapply on 03/04/2027.');
    expect(statusPanelEntry('canceled').message).toBe(PANEL_MSG.canceled);
  });

  it('only the Approved panel statuses offer the rating', () => {
    expect([...APPROVED_STATUSES]).toEqual(['approved', 'refinancing_application']);
  });

  it('reapply dates show as MM/DD/YYYY; today and never have no date', () => {
    expect(reapplyDateText('2027-03-04')).toBe('03/04/2027');
    expect(reapplyDateText('today')).toBeNull();
    expect(reapplyDateText('never')).toBeNull();
    expect(reapplyDateText(undefined)).toBeNull();
  });
});
