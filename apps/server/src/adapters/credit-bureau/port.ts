/**
 * The credit bureau (a soft pull for the rate check): the consumer's file by SSN, name, date of birth and
 * address. A file may not exist (no hit) or be too thin to score.
 */
export type CreditReport =
  | {
      readonly status: 'hit';
      readonly score: number;
      readonly tradelines: number;
      readonly reasonCodes: readonly { code: string; text: string }[];
      readonly reference: string;
    }
  | { readonly status: 'thin_file' | 'no_hit'; readonly reference: string };

/** `dateOfBirth` YYYY-MM-DD; `state` the two-letter code. */
export type CreditInquiry = {
  ssn: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

/** A pull that failed (the rate-check job retries it and, after its last attempt, tells the applicant). */
export class CreditBureauError extends Error {
  constructor(
    readonly code: 'auth_failed' | 'bad_request' | 'provider_error' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'CreditBureauError';
  }
}

export interface CreditBureau {
  readonly provider: 'sandbox' | 'experian';
  /** A soft inquiry (does not affect the consumer's score). */
  softPull(inquiry: CreditInquiry): Promise<CreditReport>;
}
