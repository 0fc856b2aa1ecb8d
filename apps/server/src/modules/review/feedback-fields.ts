import { ADDRESS_FIELDS, type AboutYourselfField, type FeedbackField } from '@payrail/contract/application';
import type { AppContext } from '../../context';
import type { CryptoBox } from '../../lib/crypto-box';
import { displayValue } from '../application/field-rules';
import type { ProfileRow } from '../application/repository';
import type { BorrowerRow } from '../identity/repository';
import { findProfile, findReferences } from '../application/applications';
import { findBorrower } from '../identity/members';

/**
 * The keys of `loan_borrower` a flagged field opens for correction: the address as its group (spec §2
 * feedback shape), the employer with the employee id, the references as `user_references`.
 */
export function keysOpenedBy(field: FeedbackField): readonly string[] {
  if (field === 'address') return ['address', ...ADDRESS_FIELDS.filter((f) => f !== 'address')];
  if (field === 'employer_id') return ['employer_id', 'employee_id'];
  return [field];
}

/** The current values of the flagged fields, as the feedback page edits them. */
export async function flaggedValues(ctx: AppContext, userId: number, fields: readonly string[], box: CryptoBox): Promise<Record<string, unknown>> {
  const [profile, borrower, references] = await Promise.all([findProfile(ctx, userId), findBorrower(ctx, userId), findReferences(ctx, userId)]);
  const show = (f: AboutYourselfField) => displayValue(f, profile as ProfileRow | undefined, borrower as BorrowerRow | undefined, box);
  const out: Record<string, unknown> = {};
  for (const field of fields as FeedbackField[]) {
    if (field === 'address') out.address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, show(f)]));
    else if (field === 'user_references')
      out.user_references = references.map((r) => ({ firstName: r.firstName, lastName: r.lastName, relationship: r.relationship, phone: r.phone }));
    else if (field === 'employer_id') {
      out.employer_id = borrower?.employerId ?? null;
      out.employee_id = profile?.employeeId ?? null;
    } else out[field] = show(field);
  }
  return out;
}
