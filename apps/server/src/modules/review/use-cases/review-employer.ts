import type { TEmployerReviewFacts, TStaffActionResponse, TStaffEmployerReviewRequest } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { findNewflow } from '../../newflow/answers';
import { employerBySlug } from '../../employment/employers';
import { AppError } from '../../../errors';
import type { NewReviewedEmployer } from '../repository';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';
import { invalidateReferenceData } from '../../reference/reference-cache';
import { findEmployer, searchEmployers } from '../../reference/reference-data';

/** Where each employer-review decision takes a new-flow application in employer_under_review. */
const TARGET = { accept: 'personal_info', cannot_proceed: 'cant_proceed' } as const;

/** The new flow's pay frequencies as the employer table stores them. */
const PAY_FREQUENCY: Readonly<Record<string, NewReviewedEmployer['payFrequency']>> = {
  weekly: 'weekly',
  'bi-weekly': 'biweekly',
  biweekly: 'biweekly',
  monthly: 'monthly',
};

/** Payroll answers that name no provider. */
const NO_PROVIDER: ReadonlySet<string> = new Set(['Other', "Don't know", '']);

/** "Acme Corp." → "acme-corp": the employer table's key for a name, so one name makes one employer. */
export function employerSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * GET …/employer_review: what the reviewer decides on — the employer the applicant typed in
 * (employer_info) and the listed employers whose name is close to it (candidates to match).
 */
export async function getEmployerReview(ctx: AppContext, userId: number): Promise<TEmployerReviewFacts> {
  const member = await targetMember(ctx, userId);
  const nf = await findNewflow(ctx, member.id);
  const described = nf?.employerInfo ?? null;
  const words = described ? described.name.split(/\s+/).filter((w) => w.length >= 3) : [];
  const found = new Map<number, { id: number; name: string }>();
  for (const text of described ? [described.name, ...words] : []) {
    for (const e of await searchEmployers(ctx, text, 10)) if (found.size < 10) found.set(e.id, { id: e.id, name: e.name });
  }
  return {
    user_id: member.id,
    status: member.workflowStatus,
    described,
    payment_frequency: nf?.paymentFrequency ?? null,
    candidates: [...found.values()],
  };
}

/**
 * POST …/employer_review: a reviewer decides on the employer a new-flow applicant described because it
 * was not on the list (employer_info → employer_under_review). Accepting sets the applicant's employer —
 * the listed one the reviewer matched (`employer_id`), or one added to the employer table from what the
 * applicant typed (`employer_name` corrects the spelling; a listed employer of that name is matched) —
 * and lets the applicant continue at personal_info. `cannot_proceed` needs the reason (`note`) and ends
 * the application at cant_proceed. Only from employer_under_review (the workflow table's
 * `approve_employer` / `cannot_proceed` rows for reviewers); the move, the employer and the audited staff
 * action (decision, note, the employer described and the one set) are one transaction.
 */
export async function reviewEmployer(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffEmployerReviewRequest): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const note = body.note?.trim() || null;
  if (body.decision === 'cannot_proceed' && !note) throw AppError.fields({ note: [FIELD_MSG.blank] });
  if (body.decision === 'cannot_proceed' && (body.employer_id !== undefined || body.employer_name !== undefined))
    throw AppError.fields({ employer_id: [FIELD_MSG.invalid] });
  const move = await planStaffMove(ctx, staff, member, TARGET[body.decision]);
  const nf = await findNewflow(ctx, member.id);
  const described = nf?.employerInfo ?? null;
  if (body.decision === 'cannot_proceed')
    return commitStaffMove(ctx, staff, member, 'employer_review', move, { after: { decision: body.decision, note, employer: described } });

  let employer: { id: number } | { create: NewReviewedEmployer };
  let employerName: string;
  if (body.employer_id !== undefined) {
    const listed = await findEmployer(ctx, body.employer_id);
    if (!listed || listed.isOther) throw AppError.fields({ employer_id: [FIELD_MSG.invalid] });
    employer = { id: listed.id };
    employerName = listed.name;
  } else {
    employerName = (body.employer_name ?? described?.name ?? '').trim();
    if (employerName.length < 2) throw AppError.fields({ employer_name: [FIELD_MSG.blank] });
    const slug = employerSlug(employerName);
    if (slug.length < 2) throw AppError.fields({ employer_name: [FIELD_MSG.invalid] });
    const existing = await employerBySlug(ctx, slug);
    // A hidden row ("Other employer", a classic not-listed request) is never the accepted employer.
    if (existing?.isOther) throw AppError.fields({ employer_name: [FIELD_MSG.invalid] });
    employer = existing
      ? { id: existing.id }
      : {
          create: {
            slug,
            name: employerName,
            payFrequency: PAY_FREQUENCY[nf?.paymentFrequency ?? ''] ?? 'biweekly',
            payrollService: described && !NO_PROVIDER.has(described.payroll_service) ? described.payroll_service : null,
            multiplePaycheck: described?.multiple_paycheck === 'Yes',
          },
        };
  }
  const done = await commitStaffMove(ctx, staff, member, 'employer_review', move, {
    employer,
    after: { decision: body.decision, note, employer: described, employer_name: employerName },
  });
  // An accepted employer created here joins the employer search: the kept reference answers are read again.
  if ('create' in employer) await invalidateReferenceData(ctx);
  return done;
}
