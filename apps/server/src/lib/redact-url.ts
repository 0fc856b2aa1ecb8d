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
  // A URL with a query (a search, a document's name) runs only the rules whose own condition it meets: each
  // pattern below matches only where its check holds (a token parameter's name ends in `token=`, the others
  // start with their path), so the same URL comes out; checked on the text as each rule leaves it.
  let out = url;
  if (TOKEN_PARAM.test(out)) out = out.replace(/([?&](?:confirmation_token|reset_password_token|token)=)[^&#]*/gi, '$1[redacted]');
  if (out.startsWith('/api/addresses/autocomplete?')) out = out.replace(/^(\/api\/addresses\/autocomplete\?(?:[^#]*&)?query=)[^&#]*/, '$1[redacted]');
  if (out.startsWith('/api/c/')) out = out.replace(/^(\/api\/c\/)[^/?#]+/, '$1[redacted]');
  if (out.startsWith('/api/employer_portal/invitations/'))
    out = out.replace(/^(\/api\/employer_portal\/invitations\/)(?!accept(?:[/?#]|$))[^/?#]+/, '$1[redacted]');
  if (out.startsWith('/api/dashboard/confirmation/'))
    out = out.replace(/^(\/api\/dashboard\/confirmation\/)(?!resend_token(?:[/?#]|$))[^/?#]+/, '$1[redacted]');
  return out;
}

/** What every token parameter the first rule masks contains (any case). */
const TOKEN_PARAM = /token=/i;
