import { describe, expect, it } from 'vitest';
import { CONSENT_MSG, electronicConsentState, renewalRefusal, withdrawalConsequences, withdrawalRefusal } from './consents';

describe('electronic-communications consent', () => {
  it('is never given without an acceptance, withdrawn while a withdrawal stands, given again once restored', () => {
    expect(electronicConsentState(false, [])).toBe('never_given');
    expect(electronicConsentState(true, [])).toBe('given');
    expect(electronicConsentState(true, [{ withdrawnAt: '2029-01-01T00:00:00Z', restoredAt: null }])).toBe('withdrawn');
    expect(electronicConsentState(true, [{ withdrawnAt: '2029-01-01T00:00:00Z', restoredAt: '2029-01-02T00:00:00Z' }])).toBe('given');
  });

  it('refuses a withdrawal of a consent never given or already withdrawn, and one not confirmed', () => {
    expect(withdrawalRefusal('never_given', true)).toBe(CONSENT_MSG.notGiven);
    expect(withdrawalRefusal('withdrawn', true)).toBe(CONSENT_MSG.alreadyWithdrawn);
    expect(withdrawalRefusal('given', false)).toBe(CONSENT_MSG.confirmRequired);
    expect(withdrawalRefusal('given', true)).toBeNull();
    expect(renewalRefusal('given')).toBe(CONSENT_MSG.notWithdrawn);
    expect(renewalRefusal('withdrawn')).toBeNull();
  });

  it('tells the consequences for the situation: an application cannot finish; a loan keeps its terms; paper to the address', () => {
    const applying = withdrawalConsequences({ hasOpenLoan: false, applicationInProgress: true, mailingAddress: '12 Harbor Street, Wilmington, DE 19801' });
    expect(applying[0]).toMatch(/we will not be able to complete your application/);
    expect(applying[1]).toBe(
      'We will send future notices, statements and disclosures on paper by U.S. mail to 12 Harbor Street, Wilmington, DE 19801, at no charge.',
    );
    expect(applying.some((c) => c.includes('terms of your loan'))).toBe(false);
    const repaying = withdrawalConsequences({ hasOpenLoan: true, applicationInProgress: false, mailingAddress: null });
    expect(repaying.some((c) => c.includes('complete your application'))).toBe(false);
    expect(repaying).toContain('The terms of your loan do not change, and your payments continue as scheduled.');
    expect(repaying).toContain('Documents we already gave you electronically stay valid.');
  });
});
