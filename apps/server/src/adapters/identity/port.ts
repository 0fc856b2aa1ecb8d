/** What a social identity provider vouches for after checking its token. */
export type VerifiedIdentity = {
  /** The provider's stable id of the person (Google's `sub`). */
  subject: string;
  email: string;
  /** The provider checked that the person owns the e-mail address. */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
};

export interface IdentityProvider {
  readonly provider: 'sandbox' | 'google';
  /** The OAuth client id the SPA uses (Google), or null for the sandbox. */
  readonly clientId: string | null;
  /** The identity behind a token, or null when the token is forged, expired or for another client. */
  verify(token: string): Promise<VerifiedIdentity | null>;
}
