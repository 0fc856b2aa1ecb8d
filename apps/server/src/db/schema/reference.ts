import { boolean, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { EMPLOYER_TYPES, PAYMENT_TYPES } from '@payrail/contract/reference';

/** US states + DC; `is_available` says where the partner bank lends. */
export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull().unique(),
  isAvailable: boolean('is_available').notNull(),
});

export const loanPurposes = pgTable('loan_purposes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * Payroll services an applicant can name for an employer that is not on the list (new-flow
 * employer_info, spec §3 "Payroll options come from the server plus Other and Don't know").
 */
export const payrollServices = pgTable('payroll_services', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const employers = pgTable('employers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  employerType: text('employer_type', { enum: EMPLOYER_TYPES }).notNull(),
  partnership: text('partnership', { enum: ['b2b_partner'] }),
  paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
  payFrequency: text('pay_frequency', { enum: FREQUENCIES }).notNull(),
  payrollPortalName: text('payroll_portal_name'),
  payrollPortalUrl: text('payroll_portal_url'),
  payStubHelp: text('pay_stub_help').notNull(),
  videoUrl: text('video_url'),
  argyleId: text('argyle_id'),
  multiplePaycheck: boolean('multiple_paycheck').notNull().default(false),
  payrollService: text('payroll_service'),
  isOther: boolean('is_other').notNull().default(false),
  logoSvg: text('logo_svg').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AgreementSection = { heading: string; paragraphs: string[] };

/** Versioned legal documents; a state-specific one carries the state's abbreviation. */
export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    version: text('version').notNull(),
    stateAbbreviation: text('state_abbreviation'),
    sections: jsonb('sections').$type<AgreementSection[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('agreement_documents_name_state_version').on(t.name, t.stateAbbreviation, t.version).nullsNotDistinct()],
);
