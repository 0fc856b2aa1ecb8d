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

  it('masks the address a borrower types for suggestions', () => {
    expect(redactUrl('/api/addresses/autocomplete?query=12%20Harbor%20St')).toBe('/api/addresses/autocomplete?query=[redacted]');
    expect(redactUrl('/api/addresses/autocomplete?limit=5&query=12%20Harbor&x=1')).toBe('/api/addresses/autocomplete?limit=5&query=[redacted]&x=1');
  });
});
