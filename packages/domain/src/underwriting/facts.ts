/**
 * The typed input of the underwriting engine: what the server knows about an application when it asks
 * for a decision. Every fact the server could not establish is `null`; rules treat a missing fact as
 * "refer" (a person looks), never as a pass or a deny.
 */
import type { IsoDate } from '../dates';
import type { Cents } from '../money';
import type { WorkingTimeRange } from '../validation/working-time';

/** The lending programs an employer can take part in (how the borrower repays), in display order. */
export const LENDING_PROGRAMS = Object.freeze(['b2b_partner', 'federal_allotment', 'split_direct_deposit'] as const);
export type LendingProgram = (typeof LENDING_PROGRAMS)[number];

/**
 * The employer's standing: a lending program; `not_eligible` (the employer takes part in none, or the
 * income source is not employment); `pending_review` (an employer typed in as "not listed", not yet
 * reviewed — the classic `employer_review` status).
 */
export type EmployerProgram = LendingProgram | 'not_eligible' | 'pending_review';

/**
 * Every document type of both flows (classic §2/§3, reviewer feedback): the declaration the contract's
 * upload types (`DOCUMENT_TYPE_NAMES`, which adds the hardship supporting document) are derived from.
 */
export const DOCUMENT_TYPES = Object.freeze([
  'driver_license',
  'pay_stub',
  'proof_of_address',
  'selfie_photo',
  'w2',
  'bank_statement',
  'social_security_document',
  'allotment',
] as const);
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What the engine decides on. */
export interface ApplicationFacts {
  /** The state of residence is one where the program lends (`State.is_available`). */
  readonly stateAvailable: boolean | null;
  /** Date of birth. */
  readonly dateOfBirth: IsoDate | null;
  /** Declared working-time range at the current job. */
  readonly workingTimeRange: WorkingTimeRange | null;
  /** Start date at the current job, when known (from payroll data); only used to date a reapply. */
  readonly employmentStartDate: IsoDate | null;
  /** The applicant declared active military duty. */
  readonly militaryActive: boolean | null;
  /** The employer's lending program or standing; `null` when no employer is chosen yet. */
  readonly employerProgram: EmployerProgram | null;
  /** Declared annual income in cents. */
  readonly annualIncomeCents: Cents | null;
  /** The loan amount the applicant asked for, in cents (> 0). */
  readonly requestedAmountCents: Cents;
  /** Document types the application requires (`GET /required_documents`). */
  readonly requiredDocuments: readonly DocumentType[];
  /** Document types with at least one uploaded file. */
  readonly uploadedDocuments: readonly DocumentType[];
}

/** Throws a RangeError when facts are malformed (amounts not non-negative safe integers, unknown document types). */
export function assertValidFacts(facts: ApplicationFacts): void {
  if (!Number.isSafeInteger(facts.requestedAmountCents) || facts.requestedAmountCents <= 0) {
    throw new RangeError(`requestedAmountCents must be a positive integer: ${String(facts.requestedAmountCents)}`);
  }
  if (facts.annualIncomeCents !== null && (!Number.isSafeInteger(facts.annualIncomeCents) || facts.annualIncomeCents < 0)) {
    throw new RangeError(`annualIncomeCents must be a non-negative integer: ${String(facts.annualIncomeCents)}`);
  }
  for (const d of [...facts.requiredDocuments, ...facts.uploadedDocuments]) {
    if (!DOCUMENT_TYPES.includes(d)) throw new RangeError(`unknown document type: ${String(d)}`);
  }
}

/** A frozen copy of the facts, recorded with a decision so later edits cannot change what was decided on. */
export function snapshotFacts(facts: ApplicationFacts): ApplicationFacts {
  return Object.freeze({
    stateAvailable: facts.stateAvailable,
    dateOfBirth: facts.dateOfBirth,
    workingTimeRange: facts.workingTimeRange,
    employmentStartDate: facts.employmentStartDate,
    militaryActive: facts.militaryActive,
    employerProgram: facts.employerProgram,
    annualIncomeCents: facts.annualIncomeCents,
    requestedAmountCents: facts.requestedAmountCents,
    requiredDocuments: Object.freeze([...facts.requiredDocuments]),
    uploadedDocuments: Object.freeze([...facts.uploadedDocuments]),
  });
}
