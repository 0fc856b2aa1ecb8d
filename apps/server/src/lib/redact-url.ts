/**
 * Request URLs carry secrets in a few places (the confirmation token in the query, the pre-signed link
 * and dashboard confirmation codes in the path) and personal data in a few others (the address a
 * borrower is typing, sent for suggestions); the request log shows them masked.
 */
export function redactUrl(url: string): string {
  // Every rule below needs a query (`?`, `&`) or one of two path prefixes: the plain path, by far the most
  // common request, is returned without running the four patterns (they were the access line's largest cost).
  if (
    !url.includes('?') &&
    !url.includes('&') &&
    !url.startsWith('/api/c/') &&
    !url.startsWith('/api/dashboard/confirmation/') &&
    !url.startsWith('/api/employer_portal/invitations/')
  )
    return url;
  return url
    .replace(/([?&](?:confirmation_token|reset_password_token|token)=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/api\/addresses\/autocomplete\?(?:[^#]*&)?query=)[^&#]*/, '$1[redacted]')
    .replace(/^(\/api\/c\/)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/api\/employer_portal\/invitations\/)(?!accept(?:[/?#]|$))[^/?#]+/, '$1[redacted]')
    .replace(/^(\/api\/dashboard\/confirmation\/)(?!resend_token(?:[/?#]|$))[^/?#]+/, '$1[redacted]');
}
