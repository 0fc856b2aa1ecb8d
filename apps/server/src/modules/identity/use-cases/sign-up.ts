import { REFERRAL_CODE_MIN_EXCLUSIVE, type TSignupRequest, type TTracking } from '@payrail/contract/identity';
import { NEWFLOW_SIGNUP_EXTRA_AGREEMENTS, type TNewflowSignupRequest } from '@payrail/contract/newflow';
import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { cents } from '@payrail/domain/money';
import { initialStatus } from '@payrail/domain/workflow/statuses';
import type { VerifiedIdentity } from '../../../adapters/identity/port';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import { hashPassword } from '../../../lib/passwords';
import { newReferCode } from '../../../lib/tokens';
import type { ClientInfo } from '../client';
import type { MemberRow } from '../../../db/rows';
import type { NewAccount } from '../repository';
import { sendConfirmationEmail } from './send-confirmation-email';
import { toTracking } from './sign-in';
import { startSession } from './start-session';

/** The two consents the sign-up form's checkbox covers (spec §5). */
const SIGNUP_AGREEMENTS = ['privacy_notice', 'consent_eletronic_comunications'] as const;

/** Who is signing up: an e-mail and password, or an identity the provider vouched for. */
async function applicant(
  ctx: AppContext,
  am: TSignupRequest['application_member'] | TNewflowSignupRequest['application_member'],
): Promise<{ email: string; social: VerifiedIdentity | null; errors: FieldErrors }> {
  if ('google_token' in am) {
    const social = await ctx.providers.identity.verify(am.google_token);
    if (!social) throw AppError.fields({ google_token: [FIELD_MSG.invalid] });
    if (!social.emailVerified) throw AppError.fields({ email: [SERVER_MSG.socialEmailUnverified] });
    return { email: social.email, social, errors: {} };
  }
  // The new flow's first step has no password (it is created at password_creation).
  if (!('password' in am)) return { email: am.email, social: null, errors: {} };
  return { email: am.email, social: null, errors: am.password === am.password_confirmation ? {} : { password_confirmation: [FIELD_MSG.confirmationMismatch] } };
}

/**
 * POST /signup. An e-mail sign-up waits for its confirmation token (no session); a social sign-up has an
 * e-mail the provider verified, so it is confirmed and signed in at once. Every business rule is checked
 * before anything is written, and the errors come back together, field by field.
 */
export async function signUp(
  ctx: AppContext,
  input: TSignupRequest | TNewflowSignupRequest,
  tracking: TTracking,
  client: ClientInfo,
): Promise<{ member: MemberRow; token: string | null }> {
  const repo = ctx.repos.identity;
  const am = input.application_member;
  const { email, social, errors: passwordErrors } = await applicant(ctx, am);

  const errors: FieldErrors = {};
  if ((await repo.findMemberByEmail(email)) || (social && (await repo.findMemberByGoogleSub(social.subject)))) errors.email = [FIELD_MSG.taken];
  Object.assign(errors, passwordErrors);
  const state = await ctx.hooks.identity.findState(ctx, String(input.loan_borrower.state_id));
  if (!state?.isAvailable) errors.state_id = [MSG.stateUnavailable];
  const employerId = input.loan_borrower.employer_id ?? null;
  if (employerId !== null) {
    const employer = await ctx.hooks.identity.findEmployer(ctx, employerId);
    // A typed-in ("not listed") employer belongs to the borrower who typed it; a new account owns none.
    if (!employer || (employer.isOther && employer.slug !== 'other')) errors.employer_id = [FIELD_MSG.invalid];
  }
  const friendCode = input.loan_borrower.friend_refer_code?.trim().toUpperCase() || null;
  if (friendCode !== null && (friendCode.length <= REFERRAL_CODE_MIN_EXCLUSIVE || !(await repo.referCodeExists(friendCode)))) {
    errors.friend_refer_code = [MSG.referralNotFound];
  }
  const newflow =
    input.new_flow === true && 'loan' in input && input.loan && 'amount' in input.loan && typeof input.loan.amount === 'number'
      ? (input as TNewflowSignupRequest)
      : null;
  const employeeId = newflow?.loan_borrower.employee_id?.trim() || null;
  if (newflow && employerId !== null) {
    const employer = await ctx.hooks.identity.findEmployer(ctx, employerId);
    // Partner sign-up (b2b_partner employers): the employee id is required.
    if (employer?.partnership === 'b2b_partner' && !employeeId) errors.employee_id = [FIELD_MSG.blank];
  }
  if (newflow && !(await ctx.hooks.identity.listLoanPurposes(ctx)).some((p) => p.name.toLowerCase() === newflow.loan.loan_purpose_name.toLowerCase()))
    errors.loan_purpose_name = [FIELD_MSG.notIncluded];
  if (Object.keys(errors).length > 0 || !state) throw AppError.fields(errors);

  const agreements: NewAccount['agreements'] = [];
  // The new flow's terms checkbox also covers these documents (sent `true` by its form): each is recorded like the two.
  const extra = newflow ? NEWFLOW_SIGNUP_EXTRA_AGREEMENTS.filter((name) => (newflow.agreements as Partial<Record<string, boolean>>)[name] === true) : [];
  for (const name of [...SIGNUP_AGREEMENTS, ...extra]) {
    const doc = await ctx.hooks.identity.findAgreementDocument(ctx, name, state.abbreviation);
    if (doc) agreements.push({ agreementDocumentId: doc.id, ...client });
  }
  const confirmed = social !== null;
  const at = ctx.now();
  const member: NewAccount['member'] = {
    email,
    passwordHash: 'password' in am ? await hashPassword(am.password) : null,
    googleSub: social?.subject ?? null,
    confirmedAt: confirmed ? at : null,
    workflowStatus: initialStatus(confirmed),
    newFlow: input.new_flow ?? false,
    fingerprint: input.fingerprint ?? null,
    ...toTracking(tracking),
  };
  const profile = { firstName: social?.givenName ?? null, lastName: social?.familyName ?? null, employerId, stateId: state.id, referredBy: friendCode };

  // The borrower's own refer code is random; on the rare collision draw another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await repo.createAccount({ member, borrower: { ...profile, referCode: newReferCode() }, agreements, at });
    if (created.ok) {
      if (newflow) {
        const l = newflow.loan;
        await ctx.hooks.identity.newflowLoanChosen(
          ctx,
          created.member.id,
          {
            loanAmountCents: cents(l.amount),
            paymentFrequency: l.payment_frequency,
            loanPurposeName: l.loan_purpose_name,
            fixedPaymentAmountCents: l.fixed_payment_amount == null ? null : cents(l.fixed_payment_amount),
          },
          at,
        );
        if (employeeId) await ctx.hooks.identity.employeeIdGiven(ctx, created.member.id, employeeId, at);
      }
      if (!confirmed) await sendConfirmationEmail(ctx, created.member);
      return { member: created.member, token: confirmed ? await startSession(ctx, created.member.id, client) : null };
    }
    // Two sign-ups with one e-mail at the same moment: the loser hears what a later one would.
    if (created.conflict === 'email') throw AppError.fields({ email: [FIELD_MSG.taken] });
  }
  throw new Error('could not draw an unused refer code');
}
