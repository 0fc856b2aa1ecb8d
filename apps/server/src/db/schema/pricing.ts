import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { LENDING_PROGRAMS } from '@payrail/domain/underwriting/facts';
import { REPAYMENT_METHODS } from '@payrail/domain/loan/statuses';

/** Per-state limits of a program (the engine's `StateRule`): amounts in cents, rates as percent text. */
export type PricingStateRule = { minAmountCents?: number; maxAmountCents?: number; maxAnnualRatePercent?: string; maxAprPercent?: string };

const RATE = `'^[0-9]{1,3}([.][0-9]{1,6})?$'`;

/**
 * Pricing programs: the loan engine's `PricingProgram` as data, one per lending program (partner
 * employer, federal allotment, split direct deposit). A change of rates is a new row with a later
 * `effective_from`; the newest one in force prices. Amounts in cents; rates as decimal text.
 */
export const pricingPrograms = pgTable(
  'pricing_programs',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    lendingProgram: text('lending_program', { enum: LENDING_PROGRAMS }).notNull(),
    minAmountCents: integer('min_amount_cents').$type<Cents>().notNull(),
    maxAmountCents: integer('max_amount_cents').$type<Cents>().notNull(),
    stepCents: integer('step_cents').$type<Cents>().notNull(),
    /** Two-letter states where the program lends; null = all. */
    states: text('states').array(),
    stateRules: jsonb('state_rules').$type<Record<string, PricingStateRule>>().notNull().default({}),
    /** The split-direct-deposit rate is the table's rate × (100 − discount) / 100. */
    splitDiscountPercent: text('split_discount_percent').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).$type<IsoDate>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pricing_programs_amounts', sql`${t.minAmountCents} > 0 and ${t.maxAmountCents} >= ${t.minAmountCents} and ${t.stepCents} > 0`),
    check('pricing_programs_discount', sql.raw(`split_discount_percent ~ ${RATE}`)),
  ],
);

/** The priced terms of a program's rate tables, one row per (method, amount band, term). */
export const pricingRateEntries = pgTable(
  'pricing_rate_entries',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => pricingPrograms.id),
    method: text('method', { enum: REPAYMENT_METHODS }).notNull(),
    termMonths: integer('term_months').notNull(),
    minAmountCents: integer('min_amount_cents').$type<Cents>().notNull(),
    maxAmountCents: integer('max_amount_cents').$type<Cents>().notNull(),
    annualRatePercent: text('annual_rate_percent').notNull(),
    originationFeeFlatCents: integer('origination_fee_flat_cents').$type<Cents>(),
    originationFeePercent: text('origination_fee_percent'),
    originationFeeMaxCents: integer('origination_fee_max_cents').$type<Cents>(),
    documentPreparationFeeFlatCents: integer('document_preparation_fee_flat_cents').$type<Cents>(),
    feeFinanced: boolean('fee_financed').notNull(),
    /** Frequencies offered; null = all. */
    frequencies: text('frequencies').array(),
    /** Two-letter states offered; null = all. */
    states: text('states').array(),
    special: boolean('special').notNull().default(false),
  },
  (t) => [
    index('pricing_rate_entries_program_idx').on(t.programId),
    check('pricing_rate_entries_amounts', sql`${t.minAmountCents} > 0 and ${t.maxAmountCents} >= ${t.minAmountCents} and ${t.termMonths} > 0`),
    check('pricing_rate_entries_rate', sql.raw(`annual_rate_percent ~ ${RATE}`)),
  ],
);
