import type { Cents } from '@payrail/domain/money';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { requestOriginColumns, sealedFileColumns } from './columns';
import { memberRowColumns } from './identity';
import { agreementDocuments } from './reference';

/** The loan figures printed in a promissory note (money in integer cents, branded; APR as disclosed). */
export type SignedLoanFigures = {
  amount_cents: Cents;
  fee_cents: Cents;
  fee_label: string;
  fee_financed: boolean;
  interest_rate: string;
  apr: string;
  finance_charge_cents: Cents;
  amount_financed_cents: Cents;
  total_of_payments_cents: Cents;
  payment_per_term_cents: Cents;
  number_of_payments: number;
  term_frequency: string;
  disbursement_date: string;
  first_payment_date: string;
  /** A refinance: the existing loan its proceeds pay off, and the payoff quoted for the funding date (itemized in the amount financed). */
  refinance_payoff?: { loan_number: string; payoff_cents: Cents; payoff_date: string };
};

/**
 * The ESIGN audit trail: one row per signed promissory note. The signed PDF is in file storage under
 * `storage_key` (sealed); `sha256` and `byte_size` describe the PDF's own bytes, so anyone holding a
 * copy can check it is the one signed. Who (the member and the name typed), when, from where.
 */
export const esignatures = pgTable(
  'esignatures',
  {
    ...memberRowColumns(),
    /** The promissory_note_terms version the note was built from. */
    agreementDocumentId: integer('agreement_document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    /** The status signed from (esignature_needed or refinancing_esignature). */
    signedInStatus: text('signed_in_status').notNull(),
    signatureName: text('signature_name').notNull(),
    ...sealedFileColumns(),
    figures: jsonb('figures').$type<SignedLoanFigures>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
  },
  (t) => [index('esignatures_user_idx').on(t.userId, t.signedAt)],
);
