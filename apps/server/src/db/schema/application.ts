import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdUpdatedAtDefaultNow } from './columns';
import { applicationMembers, memberRowColumns } from './identity';
import { loanPurposes, states } from './reference';
import { APPLICATION_OUTCOMES, LOAN_TYPES, REPAYMENT_METHODS } from '@payrail/domain/loan/statuses';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import type { ReapplyOn } from '@payrail/domain/underwriting/reapply';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { WORKING_TIME_RANGES } from '@payrail/domain/validation/working-time';
import { HOUSING_TYPES, INCOME_SOURCES } from '@payrail/contract/application';

/**
 * The About-yourself answers of a borrower (classic §3 application fields) that the access flow's
 * `loan_borrowers` row does not hold (names, state and employer live there). The SSN and the driver
 * licence number are sealed (AES-256-GCM); `ssn_index` is the keyed HMAC of the nine digits, unique so
 * one SSN belongs to one account. Money is integer cents.
 */
export const borrowerProfiles = pgTable(
  'borrower_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => applicationMembers.id),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).$type<IsoDate>(),
    address: text('address'),
    unitNumber: text('unit_number'),
    zipCode: text('zip_code'),
    city: text('city'),
    driverLicenseNumberSealed: text('driver_license_number_sealed'),
    driverLicenseStateId: integer('driver_license_state_id').references(() => states.id),
    ssnSealed: text('ssn_sealed'),
    ssnIndex: text('ssn_index').unique(),
    annualIncomeCents: integer('annual_income_cents').$type<Cents>(),
    annualHouseholdIncomeCents: integer('annual_household_income_cents').$type<Cents>(),
    housingType: text('housing_type', { enum: HOUSING_TYPES }),
    housingPaymentCents: integer('housing_payment_cents').$type<Cents>(),
    loanPurposeId: integer('loan_purpose_id').references(() => loanPurposes.id),
    /** Normalised key: lt_1, 1_3, 3_5, gt_5. */
    workingTimeRange: text('working_time_range', { enum: WORKING_TIME_RANGES }),
    militaryActive: boolean('military_active'),
    incomeSource: text('income_source', { enum: INCOME_SOURCES }),
    employeeId: text('employee_id'),
    /** The education-program agreement: the initials typed and when. */
    educationInitials: text('education_initials'),
    educationAgreedAt: timestamp('education_agreed_at', { withTimezone: true }),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [
    check(
      'borrower_profiles_money_non_negative',
      sql`coalesce(${t.annualIncomeCents}, 0) >= 0 and coalesce(${t.annualHouseholdIncomeCents}, 0) >= 0 and coalesce(${t.housingPaymentCents}, 0) >= 0`,
    ),
  ],
);

/** The two personal references of the About-yourself step (position 1 and 2). */
export const borrowerReferences = pgTable(
  'borrower_references',
  {
    ...memberRowColumns(),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [unique('borrower_references_user_position').on(t.userId, t.position), check('borrower_references_position', sql`${t.position} in (1, 2)`)],
);

/** People who asked to hear from us when we lend in their state (POST /leads, no session). */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    userId: integer('user_id').references(() => applicationMembers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_state_idx').on(t.stateId)],
);

/**
 * A member's loan application: one active (not closed) row per member, holding the chosen terms and
 * their schedule summary, the terms consent, the submission and the outcome. A new application
 * (reapply, new loan) closes the previous row. Money in cents; rates as percent decimal strings.
 */
export const applications = pgTable(
  'applications',
  {
    ...memberRowColumns(),
    loanType: text('loan_type', { enum: LOAN_TYPES }).notNull().default('new'),
    /** A refinancing application: the loan it will pay off at funding. */
    refinancesLoanId: integer('refinances_loan_id'),
    pricingProgramCode: text('pricing_program_code'),
    paymentMethod: text('payment_method', { enum: REPAYMENT_METHODS }),
    amountCents: integer('amount_cents').$type<Cents>(),
    termFrequency: text('term_frequency', { enum: FREQUENCIES }),
    termsInMonths: integer('terms_in_months'),
    numberOfPayments: integer('number_of_payments'),
    interestRate: text('interest_rate'),
    /** APR in percent with 4 decimals (Appendix J); the wire shows 2. */
    aprPercent: text('apr_percent'),
    feeAmountCents: integer('fee_amount_cents').$type<Cents>(),
    feeLabel: text('fee_label'),
    feeFinanced: boolean('fee_financed'),
    paymentPerTermCents: integer('payment_per_term_cents').$type<Cents>(),
    finalPaymentCents: integer('final_payment_cents').$type<Cents>(),
    totalOfPaymentsCents: integer('total_of_payments_cents').$type<Cents>(),
    financeChargeCents: integer('finance_charge_cents').$type<Cents>(),
    amountFinancedCents: integer('amount_financed_cents').$type<Cents>(),
    disbursementDate: date('disbursement_date', { mode: 'string' }).$type<IsoDate>(),
    firstPaymentDate: date('first_payment_date', { mode: 'string' }).$type<IsoDate>(),
    lastPaymentDate: date('last_payment_date', { mode: 'string' }).$type<IsoDate>(),
    /** A reviewer's counteroffer (loan_amount_changed): the largest amount offered. */
    negotiatedAmountCents: integer('negotiated_amount_cents').$type<Cents>(),
    termsConsentAt: timestamp('terms_consent_at', { withTimezone: true }),
    termsConsentIp: text('terms_consent_ip'),
    termsConsentUserAgent: text('terms_consent_user_agent'),
    /** The payroll allotment / split deposit is already in place (GET /payment_change). */
    paymentChange: boolean('payment_change').notNull().default(false),
    paymentChangeCheckedAt: timestamp('payment_change_checked_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    outcome: text('outcome', { enum: APPLICATION_OUTCOMES }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** `YYYY-MM-DD` or `never` after a decline, denial or cancel. */
    reapplyOn: text('reapply_on').$type<ReapplyOn>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [
    // The member's applications (the session check's and the loan screens' `memberApplicationsColumn`: open and latest).
    index('applications_user_idx').on(t.userId, t.id),
    uniqueIndex('applications_one_active_per_member')
      .on(t.userId)
      .where(sql`${t.closedAt} is null`),
    check('applications_reapply_on', sql`${t.reapplyOn} is null or ${t.reapplyOn} = 'never' or ${t.reapplyOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/**
 * Every distinct SSN a member submitted (its HMAC index, never the number). The uniqueness answer
 * ("has already been taken") tells whether an SSN has an account, so the number of different SSNs one
 * member may try is limited per day (modules/application/field-deps.ts).
 */
export const ssnChecks = pgTable(
  'ssn_checks',
  {
    ...memberRowColumns(),
    ssnIndex: text('ssn_index').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ssn_checks_user_at_idx').on(t.userId, t.at)],
);
