import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { maskAccountNumber } from '@payrail/domain/validation/account-number';
import { maskSsn } from '@payrail/domain/validation/ssn';
import type { AppContext } from '../../../context';
import { latestSignedNote } from '../../esignature/agreements';
import { receiverAccount } from '../../banking/accounts-on-file';
import { AppError } from '../../../errors';
import { SSN_AAD } from '../../application/field-rules';
import { waitingOn } from './list-queue';
import { findState } from '../../reference/reference-data';

export const documentViewUrl = (id: number) => `/api/backoffice/documents/${id}`;
export const signedNoteUrl = (esignatureId: number) => `/api/backoffice/esignatures/${esignatureId}/pdf`;

/** GET /api/backoffice/applications/{userId}: everything the borrower gave, SSN and account masked. */
export async function getApplicationDetail(ctx: AppContext, userId: number): Promise<TApplicationDetail> {
  const repo = ctx.repos.backoffice;
  const row = await repo.member(userId);
  if (!row) throw AppError.notFound('Application not found.');
  const { member, borrower, profile, employer, state } = row;
  const box = await ctx.cryptoBox();
  const licenceState = profile?.driverLicenseStateId ? await findState(ctx, String(profile.driverLicenseStateId)) : undefined;
  const [references, application, account, docs, history, decisions, feedback, emails, esignature, loan, readyToFund] = await Promise.all([
    repo.references(userId),
    repo.application(userId),
    receiverAccount(ctx, userId),
    repo.documents(userId),
    repo.history(userId),
    repo.decisions(userId),
    repo.feedback(userId),
    repo.emailsTo(member.email),
    latestSignedNote(ctx, userId),
    repo.latestLoan(userId),
    repo.isReadyToFund(userId),
  ]);
  const ssn = profile?.ssnSealed ? maskSsn(box.open(profile.ssnSealed, SSN_AAD)) : null;
  return {
    user_id: member.id,
    status: member.workflowStatus,
    waiting_on: waitingOn(member.workflowStatus, readyToFund),
    created_at: member.createdAt.toISOString(),
    updated_at: member.updatedAt.toISOString(),
    servicer_flags: { has_nelnet: member.hasNelnet, nelnet_id: member.nelnetId, has_jack_henry: member.hasJackHenry },
    borrower: {
      first_name: borrower?.firstName ?? null,
      middle_name: null,
      last_name: borrower?.lastName ?? null,
      date_of_birth: profile?.dateOfBirth ?? null,
      social_security_number: ssn,
      email: member.email,
      phone: borrower?.phone ?? null,
      phone_confirmed: Boolean(borrower?.phoneConfirmedAt),
      address: profile?.address ?? null,
      unit_number: profile?.unitNumber ?? null,
      city: profile?.city ?? null,
      state: state ? { id: state.id, abbreviation: state.abbreviation, name: state.name } : null,
      zip_code: profile?.zipCode ?? null,
      housing: { housing_type: profile?.housingType ?? null, housing_payment_cents: profile?.housingPaymentCents ?? null },
      income: {
        annual_income_cents: profile?.annualIncomeCents ?? null,
        annual_household_income_cents: profile?.annualHouseholdIncomeCents ?? null,
      },
      employer: employer ? { id: employer.id, name: employer.name } : null,
      employee_id: profile?.employeeId ?? null,
      working_time_range: profile?.workingTimeRange ?? null,
      income_source: profile?.incomeSource ?? null,
      loan_purpose: row.loanPurpose ?? null,
      other: {
        military_active: profile?.militaryActive ?? null,
        driver_license_on_file: Boolean(profile?.driverLicenseNumberSealed),
        driver_license_state: licenceState ? `${licenceState.name} (${licenceState.abbreviation})` : (profile?.driverLicenseStateId ?? null),
        education_agreed_at: profile?.educationAgreedAt?.toISOString() ?? null,
        refer_code: borrower?.referCode ?? null,
        referred_by: borrower?.referredBy ?? null,
        loan_type: member.loanType,
      },
      references: references.map((r) => ({ first_name: r.firstName, last_name: r.lastName, relationship: r.relationship, phone: r.phone })),
    },
    bank: account
      ? {
          bank_name: account.bankName,
          routing_number: account.routingNumber,
          account_number: account.accountNumberLast4 ? maskAccountNumber(account.accountNumberLast4.padStart(8, '0')) : null,
          account_type: account.accountType,
          source: account.source,
        }
      : null,
    loan_terms:
      application && application.amountCents !== null
        ? {
            amount: application.amountCents,
            fee_amount: application.feeAmountCents ?? 0,
            interest_rate: application.interestRate ?? '',
            apr: application.aprPercent,
            terms: application.numberOfPayments ?? 0,
            term_frequency: application.termFrequency ?? '',
            payment_per_term: application.paymentPerTermCents,
            disbursement_date: application.disbursementDate,
            first_payment_date: application.firstPaymentDate,
            negotiated_amount: application.negotiatedAmountCents,
            payment_method: application.paymentMethod,
          }
        : null,
    documents: docs.map((d) => ({
      id: d.id,
      type: d.documentTypeName,
      file_name: d.fileName,
      file_size: d.byteSize,
      view_url: documentViewUrl(d.id),
      uploaded_at: d.createdAt.toISOString(),
    })),
    history: history.map(({ t, staffName }) => ({
      from: t.fromStatus,
      to: t.toStatus,
      event: t.event,
      actor: t.actor,
      staff: t.staffUserId !== null ? { id: t.staffUserId, name: staffName ?? '' } : null,
      at: t.at.toISOString(),
    })),
    decisions: decisions.map((d) => ({ id: d.id, rule_set_version: d.ruleSetVersion, outcome: d.outcome, reasons: d.reasons, at: d.createdAt.toISOString() })),
    feedback_requests: feedback.map(({ f, staffName }) => ({
      id: f.id,
      message: f.message,
      fields: { loan_borrower: f.fields, documents: f.documents, bank_information: f.bankInformation, allotment: f.allotment },
      staff: { id: f.staffUserId, name: staffName ?? '' },
      created_at: f.createdAt.toISOString(),
      answered_at: f.answeredAt?.toISOString() ?? null,
    })),
    messages: emails.map((m) => ({
      id: m.id,
      to: m.recipient,
      subject: m.subject ?? '',
      template: m.template ?? (typeof m.meta?.['template'] === 'string' ? m.meta['template'] : null),
      at: m.createdAt.toISOString(),
    })),
    esignature: esignature
      ? { id: esignature.id, signed_at: esignature.signedAt.toISOString(), document_id: null, view_url: signedNoteUrl(esignature.id) }
      : null,
    loan: loan ? { id: loan.id, identifier: loan.identifier, status: loan.status, amount: loan.amountCents, created_at: loan.createdAt.toISOString() } : null,
  };
}
