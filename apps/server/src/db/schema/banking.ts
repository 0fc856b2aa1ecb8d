import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdUpdatedAt, requestOriginColumns } from './columns';
import { documents } from './documents';
import { memberRowColumns } from './identity';
import { agreementDocuments } from './reference';
import { ACCOUNT_TYPES } from '@payrail/domain/servicing/ach';
import { BANK_ACCOUNT_SOURCES, REPAY_METHODS } from '@payrail/contract/banking';

/**
 * A member's bank accounts. `usage` receiver is "the bank information" (where the loan is paid and, by
 * default, what auto-debit pulls from): at most one live (not archived) per member. A new link or a new
 * manual entry archives the previous one, so history stays. `auto_debit` rows are other accounts the
 * borrower gave on the auto-debit step.
 *
 * The full account number is sealed (AES-256-GCM, crypto-box, with the column name as associated
 * data); only its last four digits are kept in clear. Manual entries are filled field by field (auto-
 * save), so the numbers may still be missing on a draft; `verified_at` says the account was checked
 * (linked through the aggregator, or manual with a known bank and a statement on file).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...memberRowColumns(),
    usage: text('usage', { enum: ['receiver', 'auto_debit'] }).notNull(),
    source: text('source', { enum: BANK_ACCOUNT_SOURCES }).notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }),
    routingNumber: text('routing_number'),
    accountNumberSealed: text('account_number_sealed'),
    accountNumberLast4: text('account_number_last4'),
    bankName: text('bank_name'),
    /** Linked accounts: the aggregator (plaid or ribbit), its institution, account and item. */
    aggregator: text('aggregator', { enum: ['plaid', 'ribbit'] }),
    institutionId: text('institution_id'),
    institutionLogo: text('institution_logo'),
    providerAccountId: text('provider_account_id'),
    providerItemId: text('provider_item_id'),
    /** The aggregator's access token for the item, sealed like the account number. */
    accessTokenSealed: text('access_token_sealed'),
    statementDocumentId: integer('statement_document_id').references(() => documents.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...createdUpdatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.usage),
    uniqueIndex('bank_accounts_one_live_receiver')
      .on(t.userId)
      .where(sql`${t.usage} = 'receiver' and ${t.archivedAt} is null`),
    check('bank_accounts_number_sealed_with_last4', sql`(${t.accountNumberSealed} is null) = (${t.accountNumberLast4} is null)`),
    check('bank_accounts_last4_digits', sql`${t.accountNumberLast4} ~ '^[0-9]{1,4}$'`),
    check('bank_accounts_routing_digits', sql`${t.routingNumber} ~ '^[0-9]{9}$'`),
  ],
);

/** Bank-link widget events the SPA reports (POST /bank_informations/save_plaid_event), for support and funnels. */
export const bankLinkEvents = pgTable(
  'bank_link_events',
  {
    ...memberRowColumns(),
    event: text('event').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bank_link_events_user_idx').on(t.userId)],
);

/** The repay method the borrower chose on /select_repay_method (the newest row counts). */
export const repayMethodChoices = pgTable(
  'repay_method_choices',
  {
    ...memberRowColumns(),
    method: text('method', { enum: REPAY_METHODS }).notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('repay_method_choices_user_idx').on(t.userId)],
);

/** An ACH debit authorization: which account, under which disclosure version, when and from where. */
export const achAuthorizations = pgTable(
  'ach_authorizations',
  {
    ...memberRowColumns(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    agreementDocumentId: integer('agreement_document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
  },
  (t) => [index('ach_authorizations_user_idx').on(t.userId)],
);

/** Every time the allotment (split direct deposit) instructions were e-mailed to a member. */
export const allotmentInstructionEmails = pgTable(
  'allotment_instruction_emails',
  {
    ...memberRowColumns(),
    sentTo: text('sent_to').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('allotment_instruction_emails_user_idx').on(t.userId)],
);

/**
 * Debit cards on file, as processor tokens (sealed) and their last four digits. No card number, expiry
 * beyond month/year, or security code ever reaches the server.
 */
export const walletCards = pgTable(
  'wallet_cards',
  {
    ...memberRowColumns(),
    provider: text('provider').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** HMAC of the token: the same token is added once. */
    tokenIndex: text('token_index').notNull(),
    last4: text('last4').notNull(),
    brand: text('brand'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [unique('wallet_cards_user_token').on(t.userId, t.tokenIndex), check('wallet_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);
