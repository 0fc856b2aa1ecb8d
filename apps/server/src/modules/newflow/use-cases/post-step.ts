import { MSG } from '@payrail/contract/messages';
import {
  MANUAL_SPLIT_AMOUNT_CENTS,
  NEWFLOW_MSG,
  NEWFLOW_STEP_PAYLOADS,
  type NewflowPostableStep,
  type TStepPostResponse,
  ZHousingPayload,
  ZPersonalInfoPayload,
} from '@payrail/contract/newflow';
import { FIELD_MSG } from '@payrail/contract/messages';
import { compareIsoDates, type IsoDate, utcDay } from '@payrail/domain/dates';
import { checkProofOfAddress } from '@payrail/domain/validation/proof-of-address';
import { validatePassword } from '@payrail/domain/validation/password';
import { ssnDigits, validateSsn } from '@payrail/domain/validation/ssn';
import { parseWorkingTimeRange } from '@payrail/domain/validation/working-time';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import { hashPassword } from '../../../lib/passwords';
import { fieldDeps } from '../../application/field-deps';
import { validateFields } from '../../application/field-rules';
import { saveManualAccount } from '../../banking/use-cases/save-manual-account';
import { employerOf, employerProgramOf } from '../../employment/employer-program';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../identity/repository';
import { parseMobile, sendPhoneCode } from '../../identity/use-cases/send-phone-code';
import { verifyPhone } from '../../identity/use-cases/verify-phone';
import { PayrollLinkError } from '../../../adapters/payroll-link/port';
import { priceNewflowOffers, splitOffersCovered } from '../offers';
import { runRateChecks } from '../rate-check';
import type { NewflowPatch, NewflowRow } from '../repository';
import { checkStatedProof, recordStatedProof } from '../proof-of-address';
import { storeUpload } from '../uploads';
import { authorizeAutoDebitAndMove, planAutoDebitAuthorization } from '../auto-debit-authorization';
import { isFinalized, saveAndMove, stepNotOpen } from '../workflow';

type Answer = { status: 200 | 201; body: TStepPostResponse };
type Payload<K extends NewflowPostableStep> = z.infer<(typeof NEWFLOW_STEP_PAYLOADS)[K]>;

const moved = (status: WorkflowStatus): Answer => ({ status: 200, body: { new_status: status, finalized_application: isFinalized(status) } });

/** Reads a payload with its schema; 422 field errors keyed by the leaf name (an upload's errors by its key). */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const errors: FieldErrors = {};
  const uploadKeys = new Set(['driver_license', 'proof_of_address', 'selfie_photo', 'pay_stub', 'allotment', 'bankStatement']);
  for (const issue of r.error.issues) {
    const path = issue.path.map(String);
    const upload = path.find((p) => uploadKeys.has(p));
    const key = upload ?? [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? 'base';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw AppError.fields(errors);
}

/** New-flow wording of the shared field rules (spec §5): "SSN is not valid", "Year must be valid". */
const NEWFLOW_WORDING: Readonly<Record<string, string>> = { [MSG.ssnInvalid]: NEWFLOW_MSG.ssnInvalid, [MSG.dobYearInvalid]: NEWFLOW_MSG.dobYearInvalid };
const reword = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map((m) => NEWFLOW_WORDING[m] ?? m)]));

/** Validates and stores About-yourself fields with the classic rules (sealing, SSN uniqueness), in new-flow words. */
async function saveProfileFields(ctx: AppContext, member: MemberRow, values: Record<string, unknown>): Promise<void> {
  const result = await validateFields(values, await fieldDeps(ctx, member.id), MSG.fieldRuleNotFound);
  if (!result.ok) throw AppError.fields(reword(result.errors));
  const saved = await ctx.repos.application.saveFields(member.id, result.patch, ctx.now());
  if (!saved.ok) throw AppError.fields({ social_security_number: [FIELD_MSG.taken] });
}

const usDate = (iso: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso);

async function jobInfo(ctx: AppContext, member: MemberRow, p: Payload<'job_info'>): Promise<Answer> {
  const b = p.loan_borrower;
  const employer = await ctx.repos.reference.getEmployer(b.employer_id);
  if (!employer || (employer.isOther && employer.slug !== 'other')) throw AppError.fields({ employer_id: [FIELD_MSG.invalid] });
  const range = parseWorkingTimeRange(b.working_time_range);
  if (!range) throw AppError.fields({ working_time_range: [FIELD_MSG.invalid] });
  const at = ctx.now();
  await ctx.repos.application.saveFields(
    member.id,
    {
      borrower: { employerId: employer.id },
      profile: {
        workingTimeRange: range,
        annualIncomeCents: b.annual_income,
        annualHouseholdIncomeCents: b.annual_household_income,
        incomeSource: b.employment_status === 'Retired' ? 'Retired' : 'Employed',
      },
    },
    at,
  );
  const to = employer.isOther ? 'employer_info' : 'verify_employer';
  return moved(await saveAndMove(ctx, member, { employmentStatus: b.employment_status, paymentFrequency: b.payment_frequency }, to));
}

async function employerInfo(ctx: AppContext, member: MemberRow, p: Payload<'employer_info'>): Promise<Answer> {
  const b = p.loan_borrower;
  await ctx.repos.application.saveFields(member.id, { borrower: { firstName: b.first_name, lastName: b.last_name } }, ctx.now());
  return moved(
    await saveAndMove(ctx, member, { employerInfo: { ...p.employer }, middleInitial: b.middle_initial || null, phone: b.phone }, 'employer_under_review'),
  );
}

async function personalInfo(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, body: unknown): Promise<Answer> {
  if ((body as { sub_step?: unknown }).sub_step === 'rent') {
    const p = parse(ZHousingPayload, body);
    if (!nf?.personalInfoSavedAt) throw stepNotOpen(member.workflowStatus);
    const b = p.loan_borrower;
    const needsPayment = b.housing_type !== 'own_no_mortgage';
    if (needsPayment && (b.housing_payment === null || b.housing_payment === undefined)) throw AppError.fields({ housing_payment: [FIELD_MSG.blank] });
    const housingType = b.housing_type === 'rent' ? 'rent' : b.housing_type === 'other' ? null : 'own';
    await ctx.repos.application.saveFields(
      member.id,
      { profile: { housingType, housingPaymentCents: needsPayment ? (b.housing_payment ?? 0) : 0 } },
      ctx.now(),
    );
    return moved(await saveAndMove(ctx, member, { housingType: b.housing_type, educationLevel: b.education_level }, 'ssn_input'));
  }
  const p = parse(ZPersonalInfoPayload, body);
  const b = p.loan_borrower;
  // The same mobile-number rule as phone_validation (US, BR, PT outside production; 10 US digits in production), before anything is written.
  const phone = parseMobile(ctx, b.phone);
  await saveProfileFields(ctx, member, {
    first_name: b.first_name,
    last_name: b.last_name,
    date_of_birth: usDate(b.date_of_birth),
    driver_license_number: b.driver_license_number,
    driver_license_state_id: b.driver_license_state_id,
    address: b.address,
    unit_number: b.unit_number,
    city: b.city,
    state_id: b.state_id,
    zip_code: b.zip_code,
  });
  const at = ctx.now();
  await ctx.repos.newflow.save(member.id, { middleInitial: b.middle_initial || null, phone, personalInfoSavedAt: at }, at);
  // Stays on personal_info: the SPA shows the housing sub-step (personal_info/rent) next.
  return moved('personal_info');
}

/**
 * ssn_input. The page says that "Check my rate" authorizes the soft credit pull (FCRA 604(a)(2): the
 * consumer's written instructions), so the post records the Credit Pull Authorization as accepted
 * (time, IP, browser) before the rate check can pull anything.
 */
async function ssnInput(ctx: AppContext, member: MemberRow, p: Payload<'ssn_input'>, client: ClientInfo): Promise<Answer> {
  const b = p.loan_borrower;
  // The new flow's SSN form refuses every 9xx area (spec §5 "excluded in certain forms").
  const ssn = validateSsn(b.social_security_number, { nineHundreds: 'all' });
  if (!ssn.ok) throw AppError.fields({ social_security_number: [NEWFLOW_MSG.ssnInvalid] });
  if (b.social_security_number_confirmation !== undefined && ssnDigits(b.social_security_number_confirmation) !== ssn.value) {
    throw AppError.fields({ social_security_number_confirmation: [NEWFLOW_MSG.ssnMismatch] });
  }
  await saveProfileFields(ctx, member, { social_security_number: ssn.value });
  const authorization = await ctx.repos.reference.findAgreementDocument('credit_pull_authorization', null);
  if (!authorization) throw new Error('the credit_pull_authorization agreement document is not seeded');
  await ctx.repos.esignature.recordAgreement({
    userId: member.id,
    agreementDocumentId: authorization.id,
    at: ctx.now(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const to = await saveAndMove(ctx, member, {}, 'rate_check');
  // The decision job opens with the step, so the first 5-second poll usually finds it decided.
  await ctx.repos.newflow.openRateCheck(member.id, ctx.now());
  return moved(to);
}

/** rate_check: opens the one job (idempotent), runs it if nobody else is, answers where the application is. */
async function rateCheck(ctx: AppContext, member: MemberRow): Promise<Answer> {
  await ctx.repos.newflow.openRateCheck(member.id, ctx.now());
  await runRateChecks(ctx, { userId: member.id });
  const now = (await ctx.repos.workflow.currentStatus(member.id)) ?? member.workflowStatus;
  if (now === 'rate_check') return { status: 200, body: { new_status: 'rate_check', finalized_application: false, pending: true } };
  return { status: 200, body: { new_status: now, finalized_application: isFinalized(now), pending: false } };
}

async function verifyEmployer(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, p: Payload<'verify_employer'>): Promise<Answer> {
  if (p.skip) return moved(await saveAndMove(ctx, member, {}, 'verify_employer_manual'));
  if (!p.account_id) throw AppError.fields({ account_id: [FIELD_MSG.blank] });
  if (!nf?.payrollUserId) throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
  let account;
  try {
    account = await ctx.providers.payrollLink.getAccount({ accountId: p.account_id, payrollUserId: nf.payrollUserId });
  } catch (err) {
    if (err instanceof PayrollLinkError) throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
    throw err;
  }
  if (!account || account.status !== 'connected') throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
  const at = ctx.now();
  return moved(
    await saveAndMove(ctx, member, { payrollAccountId: account.accountId, payrollEmployer: account.employer, payrollConnectedAt: at }, 'personal_info'),
  );
}

async function verifyEmployerManual(ctx: AppContext, member: MemberRow, p: Payload<'verify_employer_manual'>): Promise<Answer> {
  const doc = await storeUpload(ctx, member.id, 'pay_stub', p.pay_stub, 'pay_stub');
  return moved(await saveAndMove(ctx, member, { payStubDocumentId: doc.id }, 'personal_info'));
}

/** Split direct deposit needs an employer whose program repays through payroll splits (not a federal allotment). */
export async function splitQualification(
  ctx: AppContext,
  userId: number,
  nf: NewflowRow | undefined,
): Promise<{ qualified: boolean; auto: boolean; error: string | null }> {
  const [profile, borrower] = await Promise.all([ctx.repos.application.findProfile(userId), ctx.repos.identity.findBorrower(userId)]);
  const program = employerProgramOf(profile, await employerOf(ctx, borrower));
  const qualified = program === 'split_direct_deposit' || program === 'b2b_partner' || program === 'pending_review';
  let auto = false;
  let error: string | null = null;
  if (nf?.payrollAccountId && nf.payrollUserId) {
    const account = await ctx.providers.payrollLink.getAccount({ accountId: nf.payrollAccountId, payrollUserId: nf.payrollUserId }).catch(() => null);
    auto = Boolean(account && account.status === 'connected' && account.payDistributionSupported);
    if (!auto) error = 'Your payroll system does not support an automatic split direct deposit. Please set it up manually.';
  } else {
    error = NEWFLOW_MSG.payrollNotConnected;
  }
  return { qualified, auto, error: qualified ? error : NEWFLOW_MSG.notQualifiedForSplit };
}

async function selectProgram(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, p: Payload<'select_program'>): Promise<Answer> {
  if (p.hasSelectedSplitDirectDeposit) {
    const q = await splitQualification(ctx, member.id, nf);
    if (!q.qualified) throw AppError.fields({ hasSelectedSplitDirectDeposit: [NEWFLOW_MSG.notQualifiedForSplit] });
    return moved(await saveAndMove(ctx, member, { program: 'split_direct_deposit' }, 'split_direct_deposit'));
  }
  return moved(await saveAndMove(ctx, member, { program: 'auto_debit' }, 'verify_bank_account'));
}

/** "Is the allocation correct?": the payroll provider's split must be in place for the expected amount. */
async function splitDirectDeposit(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, p: Payload<'split_direct_deposit'>): Promise<Answer> {
  if (p.manual || !nf?.payrollAccountId || !nf.payrollUserId) return moved(await saveAndMove(ctx, member, {}, 'split_direct_deposit_manual'));
  const allocation = await ctx.providers.payrollLink
    .getAllocation({ accountId: nf.payrollAccountId, payrollUserId: nf.payrollUserId })
    .catch(() => ({ status: 'none' as const, amountCents: null }));
  // Correct: in place for exactly the loan payment the widget was given (recorded when its session opened).
  const correct = allocation.status === 'set' && nf.allocationRequestedCents !== null && allocation.amountCents === nf.allocationRequestedCents;
  const patch: NewflowPatch = { allocationStatus: allocation.status, allocationAmountCents: allocation.amountCents };
  if (correct) return moved(await saveAndMove(ctx, member, patch, 'verify_bank_account', 'borrower'));
  return moved(await saveAndMove(ctx, member, patch, 'split_direct_deposit_manual'));
}

async function splitDirectDepositManual(ctx: AppContext, member: MemberRow, p: Payload<'split_direct_deposit_manual'>): Promise<Answer> {
  const doc = await storeUpload(ctx, member.id, 'allotment', p.loan_borrower.allotment, 'allotment');
  return moved(
    await saveAndMove(
      ctx,
      member,
      { allotmentDocumentId: doc.id, allocationAmountCents: MANUAL_SPLIT_AMOUNT_CENTS, allocationStatus: 'manual' },
      'verify_bank_account',
    ),
  );
}

async function verifyBankAccount(ctx: AppContext, member: MemberRow, p: Payload<'verify_bank_account'>): Promise<Answer> {
  if (p.manual) {
    await storeUpload(ctx, member.id, 'bankStatement', p.manual.bankStatement, 'bank_statement');
    await saveManualAccount(ctx, member, {
      accountType: p.manual.accountType === 'Savings' ? 'savings' : 'checking',
      routing: p.manual.routingNumber,
      accountNumber: p.manual.accountNumber,
    });
  }
  const account = await ctx.repos.banking.currentReceiver(member.id);
  if (!account || !account.verifiedAt) throw AppError.fields({ bank_account: [NEWFLOW_MSG.bankAccountMissing] });
  return moved(await saveAndMove(ctx, member, {}, 'additional_documents'));
}

export const NEWFLOW_REQUIRED_DOCUMENTS = ['driver_license', 'proof_of_address', 'selfie_photo'] as const;

async function additionalDocuments(ctx: AppContext, member: MemberRow, p: Payload<'additional_documents'>): Promise<Answer> {
  const uploads = [p.driver_license, p.proof_of_address, p.selfie_photo].filter(Boolean);
  if (p.proof_of_address) {
    if (!p.proof_of_address_facts) throw AppError.fields({ proof_of_address_facts: [FIELD_MSG.blank] });
    await checkStatedProof(ctx, member.id, p.proof_of_address_facts, 'proof_of_address');
  }
  if (uploads.length > 0) {
    if (p.driver_license) await storeUpload(ctx, member.id, 'driver_license', p.driver_license, 'driver_license');
    if (p.selfie_photo) await storeUpload(ctx, member.id, 'selfie_photo', p.selfie_photo, 'selfie_photo');
    if (p.proof_of_address && p.proof_of_address_facts) {
      const doc = await storeUpload(ctx, member.id, 'proof_of_address', p.proof_of_address, 'proof_of_address');
      await recordStatedProof(ctx, member.id, doc.id, p.proof_of_address_facts);
    }
    return moved('additional_documents');
  }
  // Continue: every required type on file, and the proof of address still within 45 days today.
  const live = new Set((await ctx.repos.documents.listLive(member.id)).map((d) => d.documentTypeName));
  if (!NEWFLOW_REQUIRED_DOCUMENTS.every((t) => live.has(t))) throw AppError.fields({ documents: [NEWFLOW_MSG.documentsMissing] });
  const nf = await ctx.repos.newflow.find(member.id);
  if (nf?.proofStatementDate && compareIsoDates(nf.proofStatementDate as IsoDate, utcDay(ctx.now())) <= 0) {
    const profile = await ctx.repos.application.findProfile(member.id);
    const again = checkProofOfAddress(
      nf.proofStatementDate as IsoDate,
      { address: nf.proofAddress ?? '', zipCode: nf.proofZip ?? '' },
      { address: profile?.address ?? '', zipCode: profile?.zipCode ?? '' },
      utcDay(ctx.now()),
    );
    if (!again.ok)
      throw AppError.fields({
        proof_of_address: [again.code === 'proof_of_address_mismatch' ? NEWFLOW_MSG.proofOfAddressMismatch : NEWFLOW_MSG.proofOfAddressTooOld],
      });
  }
  return moved(await saveAndMove(ctx, member, {}, 'loan_offer'));
}

async function loanOffer(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, p: Payload<'loan_offer'>, client: ClientInfo): Promise<Answer> {
  if (!nf) throw stepNotOpen(member.workflowStatus);
  const sheet = await priceNewflowOffers(ctx, member.id, nf);
  // The split-deposit offers are offered only to an applicant who set up the split (select_program).
  const pool = p.isAutodebit ? [...sheet.auto_debit, ...sheet.one_times] : nf.program === 'split_direct_deposit' ? splitOffersCovered(sheet, nf) : [];
  const chosen = pool.find(
    (o) => o.wire.amount === p.amount && o.wire.fixed_payment_amount === p.payment && (p.terms === undefined || o.wire.terms === p.terms),
  );
  if (!chosen) throw AppError.fields({ payment: [NEWFLOW_MSG.offerNotOffered] });
  // An auto-debit offer is the ACH debit authorization (classic /auto_debit): consent and the verified account first, nothing written otherwise.
  const authorization = chosen.method === 'auto_debit' ? await planAutoDebitAuthorization(ctx, member, p.auto_debit_disclosure_accepted) : null;
  const at = ctx.now();
  const application = await ctx.repos.application.ensureActiveApplication(member.id, at);
  await ctx.repos.application.updateApplication(application.id, chosen.patch, at);
  const patch: NewflowPatch = { chosenOffer: { ...chosen.wire, is_autodebit: p.isAutodebit, method: chosen.method } };
  if (authorization) return moved(await authorizeAutoDebitAndMove(ctx, member, authorization, patch, 'password_creation', client, at));
  return moved(await saveAndMove(ctx, member, patch, 'password_creation'));
}

async function passwordCreation(ctx: AppContext, member: MemberRow, p: Payload<'password_creation'>): Promise<Answer> {
  const { password, password_confirm } = p.loan_borrower;
  const errors: FieldErrors = {};
  if (!validatePassword(password).ok) errors.password = [FIELD_MSG.passwordComplexity];
  if (password !== password_confirm) errors.password_confirm = [NEWFLOW_MSG.passwordMismatch];
  const code = p.refer_code?.trim().toUpperCase() || null;
  if (code !== null) {
    const borrower = await ctx.repos.identity.findBorrower(member.id);
    if (code.length <= 3 || code === borrower?.referCode || !(await ctx.repos.identity.referCodeExists(code)))
      errors.refer_code = [NEWFLOW_MSG.referralNotFound];
  }
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  const at = ctx.now();
  await ctx.repos.identity.setPassword(member.id, await hashPassword(password), at);
  if (code !== null) await ctx.repos.newflow.setReferredBy(member.id, code, at);
  return moved(await saveAndMove(ctx, member, {}, 'phone_validation'));
}

async function phoneValidation(ctx: AppContext, member: MemberRow, p: Payload<'phone_validation'>): Promise<Answer> {
  if (!p.phone.code) {
    await sendPhoneCode(ctx, member, p.phone.number, 'application');
    return { status: 201, body: { new_status: 'phone_validation', finalized_application: false, code_sent: true } };
  }
  if (p.phone.code.length < 3) throw AppError.fields({ phone: [FIELD_MSG.invalid] });
  await verifyPhone(ctx, member, p.phone.number, p.phone.code, 'application');
  const at = ctx.now();
  const application = await ctx.repos.application.ensureActiveApplication(member.id, at);
  await ctx.repos.application.updateApplication(application.id, { submittedAt: at }, at);
  return moved(await saveAndMove(ctx, member, {}, 'application_submitted', 'borrower', { phoneConfirmed: true }));
}

async function approved(ctx: AppContext, member: MemberRow): Promise<Answer> {
  if (await ctx.repos.esignature.latest(member.id)) throw stepNotOpen(member.workflowStatus);
  return moved(await saveAndMove(ctx, member, {}, 'esignature_needed', 'system', { newFlow: true }));
}

async function restart(ctx: AppContext, member: MemberRow): Promise<Answer> {
  const ended = await ctx.repos.application.latestApplication(member.id);
  const on = ended?.reapplyOn ?? null;
  const today = utcDay(ctx.now());
  if (on === 'never') throw new AppError('validation', MSG.newLoanFailed);
  if (on !== null && compareIsoDates(on as IsoDate, today) > 0) throw new AppError('validation', NEWFLOW_MSG.reapplyNotYet(on));
  const at = ctx.now();
  if (ended && ended.closedAt === null) await ctx.repos.application.updateApplication(ended.id, { closedAt: at }, at);
  return moved(
    await saveAndMove(
      ctx,
      member,
      {
        rateCheckState: null,
        rateCheckOutcome: null,
        rateCheckApprovedCents: null,
        rateCheckReasons: null,
        rateCheckBureau: null,
        rateCheckAttempts: 0,
        chosenOffer: null,
        program: null,
        allocationStatus: null,
        allocationAmountCents: null,
        personalInfoSavedAt: null,
      },
      'job_info',
      'system',
      { newFlow: true },
    ),
  );
}

/**
 * POST /applicationflow/application_step: the step named by `workflow_status_key`, only where the
 * application is (409 otherwise, with the current status), validated by the step's schema (422 field
 * errors), handled by reusing the classic modules, answered with `new_status`.
 */
export async function postStep(ctx: AppContext, member: MemberRow, body: unknown, client: ClientInfo): Promise<Answer> {
  const key = (body as { workflow_status_key?: unknown }).workflow_status_key;
  if (typeof key !== 'string' || !(key in NEWFLOW_STEP_PAYLOADS)) throw AppError.fields({ workflow_status_key: [FIELD_MSG.notIncluded] });
  const step = key as NewflowPostableStep;
  const current = (await ctx.repos.workflow.currentStatus(member.id)) ?? member.workflowStatus;
  const nf = await ctx.repos.newflow.find(member.id);
  // A poll that arrives after the decision moved the application answers where it went (idempotent).
  if (step === 'rate_check' && current !== 'rate_check' && nf?.rateCheckState === 'done')
    return { status: 200, body: { new_status: current, finalized_application: isFinalized(current), pending: false } };
  if (!member.newFlow || current !== step) throw stepNotOpen(current);
  const m: MemberRow = { ...member, workflowStatus: current };
  switch (step) {
    case 'job_info':
      return jobInfo(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.job_info, body));
    case 'employer_info':
      return employerInfo(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.employer_info, body));
    case 'personal_info':
      return personalInfo(ctx, m, nf, body);
    case 'ssn_input':
      return ssnInput(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.ssn_input, body), client);
    case 'rate_check':
      return rateCheck(ctx, m);
    case 'verify_employer':
      return verifyEmployer(ctx, m, nf, parse(NEWFLOW_STEP_PAYLOADS.verify_employer, body));
    case 'verify_employer_manual':
      return verifyEmployerManual(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.verify_employer_manual, body));
    case 'select_program':
      return selectProgram(ctx, m, nf, parse(NEWFLOW_STEP_PAYLOADS.select_program, body));
    case 'split_direct_deposit':
      return splitDirectDeposit(ctx, m, nf, parse(NEWFLOW_STEP_PAYLOADS.split_direct_deposit, body));
    case 'split_direct_deposit_manual':
      return splitDirectDepositManual(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.split_direct_deposit_manual, body));
    case 'verify_bank_account':
      return verifyBankAccount(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.verify_bank_account, body));
    case 'additional_documents':
      return additionalDocuments(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.additional_documents, body));
    case 'loan_offer':
      return loanOffer(ctx, m, nf, parse(NEWFLOW_STEP_PAYLOADS.loan_offer, body), client);
    case 'password_creation':
      return passwordCreation(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.password_creation, body));
    case 'phone_validation':
      return phoneValidation(ctx, m, parse(NEWFLOW_STEP_PAYLOADS.phone_validation, body));
    case 'approved':
      return approved(ctx, m);
    case 'denied':
    case 'dropped':
      return restart(ctx, m);
  }
}
