import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('masks tokens in the query and codes in the path', () => {
    expect(redactUrl('/api/confirmation?confirmation_token=ABC123')).toBe('/api/confirmation?confirmation_token=[redacted]');
    expect(redactUrl('/api/c/abcdef?x=1')).toBe('/api/c/[redacted]?x=1');
    expect(redactUrl('/api/dashboard/confirmation/ABC123')).toBe('/api/dashboard/confirmation/[redacted]');
    expect(redactUrl('/api/dashboard/confirmation/resend_token')).toBe('/api/dashboard/confirmation/resend_token');
    expect(redactUrl('/api/states?search=abc')).toBe('/api/states?search=abc');
    expect(redactUrl('/api/states')).toBe('/api/states');
    expect(redactUrl('/api/c/abcdef')).toBe('/api/c/[redacted]');
    expect(redactUrl('/api/x&token=abc')).toBe('/api/x&token=[redacted]');
    expect(redactUrl('/api/confirmation?CONFIRMATION_TOKEN=abc')).toBe('/api/confirmation?CONFIRMATION_TOKEN=[redacted]');
    expect(redactUrl('/api/employer_portal/invitations/abc_DEF-123')).toBe('/api/employer_portal/invitations/[redacted]');
    expect(redactUrl('/api/employer_portal/invitations/accept')).toBe('/api/employer_portal/invitations/accept');
  });

  it('runs on a URL with a query only the rules it can meet, with the same result', () => {
    expect(redactUrl('/api/employers?search=pos')).toBe('/api/employers?search=pos');
    expect(redactUrl('/api/agreement_document?agreement=privacy_notice')).toBe('/api/agreement_document?agreement=privacy_notice');
    expect(redactUrl('/api/c/abcdef?Token=x&b=1')).toBe('/api/c/[redacted]?Token=[redacted]&b=1');
    expect(redactUrl('/api/addresses/autocomplete?token=t&query=12%20Harbor')).toBe('/api/addresses/autocomplete?token=[redacted]&query=[redacted]');
    expect(redactUrl('/api/dashboard/confirmation/ABC?x=1')).toBe('/api/dashboard/confirmation/[redacted]?x=1');
    expect(redactUrl('/api/employer_portal/invitations/abc?reset_password_token=1')).toBe(
      '/api/employer_portal/invitations/[redacted]?reset_password_token=[redacted]',
    );
  });

  it('masks the address a borrower types for suggestions', () => {
    expect(redactUrl('/api/addresses/autocomplete?query=12%20Harbor%20St')).toBe('/api/addresses/autocomplete?query=[redacted]');
    expect(redactUrl('/api/addresses/autocomplete?limit=5&query=12%20Harbor&x=1')).toBe('/api/addresses/autocomplete?limit=5&query=[redacted]&x=1');
  });
});
