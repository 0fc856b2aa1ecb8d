import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { EMPLOYMENT_VERIFICATION_MSG } from '@payrail/contract/employer-verifications';
import type {
  TBackofficeEmployerVerifications,
  TBackofficeVerification,
  TBackofficeVerificationList,
  TEmployerVerification,
  TEmployerVerificationAnswer,
  TEmployerVerificationList,
} from '@payrail/contract/employer-verifications';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { verificationBlocksApproval, verificationConfirmsEmployment, verificationDueOn, verificationState } from '@payrail/domain/employer/verification';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { automatedMove } from '../../review/automated-move';
import { targetMember } from '../../review/reviewer-move';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { commitMove } from '../../workflow/move';
import type { EmploymentVerificationRow } from '../verifications.repository';
import { findBorrower, findMember } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';
import { activeApplication, findProfile } from '../../application/applications';
import { commitTransition } from '../../review/reviews';

/** Requests listed at most (the employer's page, the employer's back-office page). */
const LIST_LIMIT = 100;

type Joined = { v: EmploymentVerificationRow; employerName: string; requestedBy: string; answeredBy: string | null };

const stateOf = (v: EmploymentVerificationRow, today: IsoDate) => verificationState({ requestedOn: v.requestedOn, answered: v.answeredAt !== null }, today);

const answerOf = (v: EmploymentVerificationRow) =>
  v.answeredAt && v.employmentStatus
    ? { employment_status: v.employmentStatus, hire_date: v.hireDate, pay_frequency: v.payFrequency, answered_at: v.answeredAt.toISOString() }
    : null;

function employerWire(v: EmploymentVerificationRow, today: IsoDate): TEmployerVerification {
  return {
    id: v.id,
    applicant_name: v.applicantName,
    stated_employee_id: v.statedEmployeeId,
    requested_on: v.requestedOn,
    due_on: verificationDueOn(v.requestedOn),
    state: stateOf(v, today),
    answer: answerOf(v),
  };
}

function backofficeWire(r: Joined, today: IsoDate): TBackofficeVerification {
  const answer = answerOf(r.v);
  return {
    id: r.v.id,
    employer_id: r.v.employerId,
    employer_name: r.employerName,
    applicant_name: r.v.applicantName,
    stated_employee_id: r.v.statedEmployeeId,
    requested_on: r.v.requestedOn,
    due_on: verificationDueOn(r.v.requestedOn),
    requested_by: r.requestedBy,
    state: stateOf(r.v, today),
    answer: answer ? { ...answer, income_range: r.v.incomeRange, answered_by: r.answeredBy } : null,
    blocks_approval: verificationBlocksApproval(r.v.employmentStatus, r.employerName),
  };
}

/**
 * POST /api/backoffice/applications/{userId}/employment_verification (underwriters): asks the applicant's
 * employer — or the listed employer the underwriter names (`employer_id`: the match of a typed-in
 * employer) — to verify the employment in the employer portal. Only an employer with active portal users
 * can be asked (409 otherwise, with what to do). A request still open for that employer is answered as is.
 */
export async function requestEmploymentVerification(
  ctx: AppContext,
  staff: TStaffMember,
  userId: number,
  body: { employer_id?: number | undefined },
): Promise<{ created: boolean; verification: TBackofficeVerification }> {
  const member = await targetMember(ctx, userId);
  const [borrower, profile, application] = await Promise.all([findBorrower(ctx, member.id), findProfile(ctx, member.id), activeApplication(ctx, member.id)]);
  const employerId = body.employer_id ?? borrower?.employerId ?? null;
  if (employerId === null) throw new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.noEmployer);
  const employer = await findEmployer(ctx, employerId);
  if (!employer || employer.isOther)
    throw body.employer_id !== undefined
      ? AppError.fields({ employer_id: [EMPLOYMENT_VERIFICATION_MSG.employerNotListed] })
      : new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.noEmployer);
  const now = ctx.now();
  const { activeUsers } = await ctx.repos.employerAccounts.countAccounts(employer.id, now);
  if (activeUsers === 0) throw new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.noPortalUsers(employer.name));
  const today = await businessToday(ctx);
  const open = (await ctx.repos.employmentVerifications.unanswered(member.id, employer.id)).find((v) => stateOf(v, today) === 'open');
  const id = open
    ? open.id
    : (
        await ctx.repos.employmentVerifications.create({
          userId: member.id,
          applicationId: application?.id ?? null,
          employerId: employer.id,
          applicantName: [borrower?.firstName, borrower?.lastName].filter(Boolean).join(' ') || member.email,
          statedEmployeeId: profile?.employeeId?.trim() || null,
          requestedByStaffId: staff.id,
          requestedOn: today,
          createdAt: now,
        })
      ).id;
  const row = await ctx.repos.employmentVerifications.byId(id);
  return { created: !open, verification: backofficeWire(row!, today) };
}

/** GET /api/backoffice/applications/{userId}/employment_verification: the application's requests, newest first. */
export async function applicationVerifications(ctx: AppContext, userId: number): Promise<TBackofficeVerificationList> {
  const member = await targetMember(ctx, userId);
  const today = await businessToday(ctx);
  return { user_id: member.id, verifications: (await ctx.repos.employmentVerifications.listForUser(member.id)).map((r) => backofficeWire(r, today)) };
}

/** GET /api/backoffice/employers/{id}/verifications: the employer's requests (open first), for its back-office page. */
export async function employerVerificationsForStaff(ctx: AppContext, employerId: number): Promise<TBackofficeEmployerVerifications> {
  const employer = await findEmployer(ctx, employerId);
  if (!employer) throw AppError.notFound('Employer not found.');
  const today = await businessToday(ctx);
  const rows = await ctx.repos.employmentVerifications.listForEmployer(employerId, LIST_LIMIT);
  const wired = rows.map((r) => ({ ...backofficeWire(r, today), user_id: r.v.userId }));
  const rank = { open: 0, expired: 1, answered: 2 } as const;
  return { employer_id: employerId, verifications: wired.sort((a, b) => rank[a.state] - rank[b.state] || b.id - a.id) };
}

/** GET /api/employer_portal/verifications: the employer's requests — open first, then answered and expired. */
export async function listEmployerVerifications(ctx: AppContext, user: TEmployerUser): Promise<TEmployerVerificationList> {
  const today = await businessToday(ctx);
  const rows = await ctx.repos.employmentVerifications.listForEmployer(user.employer_id, LIST_LIMIT);
  const wired = rows.map((r) => employerWire(r.v, today));
  return { verifications: [...wired.filter((v) => v.state === 'open'), ...wired.filter((v) => v.state !== 'open')] };
}

/**
 * POST /api/employer_portal/verifications/{id}/answer: the employer's answer, once, audited. It reaches
 * the underwriting decision: `terminated` / `not_found` block the approval (approvalBlock); `active` from
 * the employer the applicant typed in clears the employer review — the workflow's own accept move, taken
 * by the system in the reviewer's place when human review is not required (otherwise the reviewer sees
 * the confirmation on the application page and accepts as before). Expired: 409, the manual review has it.
 */
export async function answerVerification(
  ctx: AppContext,
  user: TEmployerUser,
  id: number,
  body: TEmployerVerificationAnswer,
  ip: string | null,
): Promise<TEmployerVerification> {
  const found = await ctx.repos.employmentVerifications.findForEmployer(user.employer_id, id);
  if (!found) throw AppError.notFound(EMPLOYMENT_VERIFICATION_MSG.notFound);
  const today = await businessToday(ctx);
  const state = stateOf(found, today);
  if (state === 'answered') throw new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.alreadyAnswered);
  if (state === 'expired') throw new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.expired);
  if (body.hire_date !== undefined && body.hire_date > today) throw AppError.fields({ hire_date: [EMPLOYMENT_VERIFICATION_MSG.hireDateInvalid] });
  const at = ctx.now();
  const answer = {
    employmentStatus: body.employment_status,
    hireDate: body.hire_date ? parseIsoDate(body.hire_date) : null,
    payFrequency: body.pay_frequency ?? null,
    incomeRange: body.income_range ?? null,
    answeredByUserId: user.id,
    answeredAt: at,
  };
  const ok = await ctx.repos.employmentVerifications.answer(user.employer_id, id, answer, {
    user,
    action: 'verification_answered',
    after: {
      verification_id: id,
      employment_status: body.employment_status,
      hire_date: answer.hireDate,
      pay_frequency: answer.payFrequency,
      income_range: answer.incomeRange,
    },
    ip,
    at,
  });
  if (!ok) throw new AppError('conflict', EMPLOYMENT_VERIFICATION_MSG.alreadyAnswered);
  if (verificationConfirmsEmployment(body.employment_status)) await clearEmployerReview(ctx, found.userId, found.employerId);
  return employerWire({ ...found, ...answer }, today);
}

/**
 * The employer confirmed the employment: an applicant waiting at the typed-in employer's review
 * (employer_under_review) goes on with this employer as theirs — the same move and employer write as a
 * reviewer's accept (review-employer.ts), stored with actor `system`. A lost race (the reviewer acted
 * first) changes nothing.
 */
async function clearEmployerReview(ctx: AppContext, userId: number, employerId: number): Promise<void> {
  const member = await findMember(ctx, userId);
  if (member?.workflowStatus !== 'employer_under_review') return;
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const move = automatedMove(ctx, { userId: member.id, from: member.workflowStatus, to: 'personal_info', context, inReviewersPlace: true });
  if (!move) return;
  try {
    await commitMove(ctx, member, async () => (await commitTransition(ctx, { userId: member.id, move, employer: { id: employerId }, at: move.at })).ok);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
}

/**
 * What the employer's latest answer means for approving the application: the reason approval is
 * blocked (the employer says the applicant is not, or no longer, employed there), or null.
 */
export async function verificationApprovalBlock(ctx: AppContext, userId: number): Promise<string | null> {
  const latest = await ctx.repos.employmentVerifications.latestAnswered(userId);
  return latest ? verificationBlocksApproval(latest.v.employmentStatus, latest.employerName) : null;
}
