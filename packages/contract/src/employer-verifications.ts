import { z } from 'zod';

import { EMPLOYMENT_STATUSES, INCOME_RANGES, VERIFICATION_STATES, VERIFIED_PAY_FREQUENCIES } from '@payrail/domain/employer/verification';
import { isoDate, ZIsoDate } from './dates';

/**
 * Employment verifications (issue #31, docs/employer-portal.md): underwriting asks the applicant's
 * employer (POST /api/backoffice/applications/{userId}/employment_verification); the employer answers in
 * the portal (GET /api/employer_portal/verifications, POST …/{id}/answer). The employer sees the
 * applicant's name and stated employee id only. Unanswered after 3 business days a request is `expired`
 * (the manual review goes on as before).
 */

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const EMPLOYMENT_VERIFICATION_MSG = {
  notFound: 'Verification request not found.',
  alreadyAnswered: 'This verification was already answered.',
  expired: 'This verification request expired (3 business days): underwriting verifies the employment by hand now.',
  noEmployer: 'The applicant has no employer on file to ask.',
  noPortalUsers: (employer: string) =>
    `${employer} has no active employer portal users, so it cannot answer online: verify the employment by phone as before, or invite the employer's administrator first.`,
  applicationNotFound: 'Application not found.',
  hireDateInvalid: 'The hire date must be a YYYY-MM-DD date, not in the future.',
  employerNotListed: 'Choose a listed employer.',
} as const;

export const ZEmploymentStatus = z.enum(EMPLOYMENT_STATUSES);
export const ZIncomeRange = z.enum(INCOME_RANGES);
export const ZVerifiedPayFrequency = z.enum(VERIFIED_PAY_FREQUENCIES);
export { VERIFICATION_STATES };

/** What the employer answered. */
const ZAnswer = z.strictObject({
  employment_status: ZEmploymentStatus,
  hire_date: ZIsoDate.nullable(),
  pay_frequency: ZVerifiedPayFrequency.nullable(),
  answered_at: z.string(),
});

/** A request as the employer sees it (no credit data). */
export const ZEmployerVerification = z.strictObject({
  id: z.number().int(),
  applicant_name: z.string(),
  stated_employee_id: z.string().nullable(),
  requested_on: ZIsoDate,
  due_on: ZIsoDate,
  state: z.enum(VERIFICATION_STATES),
  answer: ZAnswer.nullable(),
});
export type TEmployerVerification = z.infer<typeof ZEmployerVerification>;

/** GET /verifications: open first, then answered and expired, newest first. */
export const ZEmployerVerificationList = z.strictObject({ verifications: z.array(ZEmployerVerification) });
export type TEmployerVerificationList = z.infer<typeof ZEmployerVerificationList>;

/** POST /verifications/{id}/answer. */
export const ZEmployerVerificationAnswer = z.strictObject({
  employment_status: ZEmploymentStatus,
  hire_date: isoDate(EMPLOYMENT_VERIFICATION_MSG.hireDateInvalid).optional(),
  pay_frequency: ZVerifiedPayFrequency.optional(),
  income_range: ZIncomeRange.optional(),
});
export type TEmployerVerificationAnswer = z.infer<typeof ZEmployerVerificationAnswer>;

export const ZVerificationParams = z.object({ id: ZId });

/** POST /api/backoffice/applications/{userId}/employment_verification: `employer_id` names a listed employer (the typed-in employer's match); by default the applicant's employer. */
export const ZRequestEmploymentVerification = z.strictObject({ employer_id: z.number().int().positive().max(2_147_483_647).optional() });

/** A request as underwriting sees it: with the income range and what it means for the decision. */
export const ZBackofficeVerification = z.strictObject({
  id: z.number().int(),
  employer_id: z.number().int(),
  employer_name: z.string(),
  applicant_name: z.string(),
  stated_employee_id: z.string().nullable(),
  requested_on: ZIsoDate,
  due_on: ZIsoDate,
  requested_by: z.string(),
  state: z.enum(VERIFICATION_STATES),
  answer: ZAnswer.extend({ income_range: ZIncomeRange.nullable(), answered_by: z.string().nullable() }).nullable(),
  /** Why approval is blocked by this answer (terminated, not found); null when it is not. */
  blocks_approval: z.string().nullable(),
});
export type TBackofficeVerification = z.infer<typeof ZBackofficeVerification>;

/** GET /api/backoffice/applications/{userId}/employment_verification: the application's requests, newest first. */
export const ZBackofficeVerificationList = z.strictObject({ user_id: z.number().int(), verifications: z.array(ZBackofficeVerification) });
export type TBackofficeVerificationList = z.infer<typeof ZBackofficeVerificationList>;

/** GET /api/backoffice/employers/{id}/verifications: the employer's open requests (and recently answered). */
export const ZBackofficeEmployerVerifications = z.strictObject({
  employer_id: z.number().int(),
  verifications: z.array(ZBackofficeVerification.extend({ user_id: z.number().int() })),
});
export type TBackofficeEmployerVerifications = z.infer<typeof ZBackofficeEmployerVerifications>;
