/**
 * The credit bureau (a soft pull for the rate check): the consumer's file by SSN, name, date of birth and
 * address. A file may not exist (no hit) or be too thin to score.
 */
export type CreditReport =
  | { readonly status: 'hit'; readonly score: number; readonly tradelines: number; readonly reasonCodes: readonly { code: string; text: string }[]; readonly reference: string }
  | { readonly status: 'thin_file' | 'no_hit'; readonly reference: string };

export type CreditInquiry = { ssn: string; firstName: string; lastName: string; dateOfBirth: string; address: string; zipCode: string };

export interface CreditBureau {
  readonly provider: 'sandbox';
  /** A soft inquiry (does not affect the consumer's score). */
  softPull(inquiry: CreditInquiry): Promise<CreditReport>;
}
