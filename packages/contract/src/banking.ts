import { ACCOUNT_TYPES, type AccountType } from '@payrail/domain/servicing/ach';
import { z } from 'zod';
import { ZWorkflowStatus } from './workflow-status';
import { FIELD_MSG, SERVER_MSG } from './messages';
import { ZCents } from './money';

/**
 * Bank information, bank linking, debit cards and repayment set-up (classic flow §2 Bank link, Manual
 * bank entry, Bank accounts, Debit card, Select repay method, Auto-debit ACH, Allotment; §3, §7, §8;
 * new flow "bank account"). Every call is under /api with the borrower's session unless noted.
 */

/** Texts the spec fixes (§8), verbatim, and the server's own texts for the red error line. */
export const BANK_MSG = {
  /** §8 "Bank not found" — unknown routing number (bank-name lookup, manual verify, auto-debit new account). */
  bankNotFound: 'Bank not found! Please review your bank account data and try again.',
  /** §8 "Bank linking failure" — the widget's token could not be exchanged or read. */
  linkFailed: 'Something got wrong, try again!',
  /** §8 widget load failure (the SPA's label and text). */
  widgetFailedLabel: 'Unexpected Error Happened',
  widgetFailedText: 'Please please fill your bank information manually',
  noBankAccount: 'No bank account found. Please provide your bank information.',
  incomplete: 'Please fill in the account type, the routing number and the account number.',
  statementMissing: 'Please upload a bank statement before continuing.',
  routingInvalid: 'The routing number is invalid. Please review your bank account data and try again.',
  accountInvalid: 'The account number is invalid. Please review your bank account data and try again.',
  accountNotVerified: 'Your bank account is not verified yet. Please verify it before continuing.',
  noEligibleAccount: 'The linked bank has no checking or savings account we can use. Please choose another account or provide your bank information manually.',
  allotmentMissing: 'Please upload your allotment before continuing.',
  splitDepositMissing: 'Please upload your split direct deposit before continuing.',
  stepNotAvailable: SERVER_MSG.stepNotAvailable,
} as const;

/** Wallet (debit card) texts. */
export const WALLET_MSG = {
  cardNumberNotMasked: 'must be masked: send only the last 4 digits',
  tokenLooksLikeCardNumber: 'must be the token from the card form, never the card number',
  tokenUnknown: 'is not a card token we know. Please enter your card again.',
  last4Mismatch: 'does not match the card behind the token',
  notDebit: 'We only accept debit cards. Please use a debit card.',
} as const;

export { ACCOUNT_TYPES, type AccountType };

/** How a bank account came: typed in (manual) or linked through the bank-link widget. */
export const BANK_ACCOUNT_SOURCES = ['manual', 'linked'] as const;

const blankOr = (inner: z.ZodString) => z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).pipe(inner);

/** checking or savings; also read case-insensitively ("Checking", as the new flow's buttons say it). */
export const ZAccountType = z
  .string({ error: FIELD_MSG.blank })
  .trim()
  .min(1, FIELD_MSG.blank)
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(ACCOUNT_TYPES, { error: FIELD_MSG.invalid }));

/** Input masks: routing up to 12 characters, account number up to 20 (§5); the server checks the digits. */
const ZRoutingInput = blankOr(z.string().max(12, FIELD_MSG.invalid));
const ZAccountNumberInput = blankOr(z.string().max(20, FIELD_MSG.invalid));

// ── Bank information ───────────────────────────────────────────────────────────────────────────────

/**
 * GET /bank_informations: the member's bank account (the receiving one). The account number is masked
 * with asterisks (`*****6789`); the routing number is public data and shown whole. A manual entry being
 * typed may still lack fields (null). 404 `{ error: BANK_MSG.noBankAccount }` when there is none.
 */
export const ZBankInformation = z.object({
  id: z.number().int(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  routing_transfer_number: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  /** An image URL (data: URL) of the institution's logo for linked accounts; null otherwise. */
  logo: z.string().nullable(),
  /** manual (typed) or linked (through the bank-link widget). */
  source: z.enum(BANK_ACCOUNT_SOURCES),
  /** When the account was verified (linked, or manual with a known bank and a statement); null until then. */
  verified_at: z.string().nullable(),
  statement_document_id: z.number().int().nullable(),
});
export type TBankInformation = z.infer<typeof ZBankInformation>;

/** Keys of show_field / update_field. */
export const BANK_FIELD_KEYS = ['account_type', 'routing_transfer_number', 'bank_account_number', 'bank_name'] as const;
export const ZBankFieldParams = z.object({ key: z.enum(BANK_FIELD_KEYS, { error: FIELD_MSG.invalid }) });
/** GET /bank_informations/show_field/{key} → `{ <key>: value }` (the account number masked). */
export const ZBankFieldValue = z.record(z.string(), z.string().nullable());

/** POST /bank_informations/update_field: one or more editable keys (bank_name follows the routing number). */
export const ZBankUpdateFieldRequest = z.object({
  bank_information: z
    .object({
      account_type: ZAccountType.optional(),
      routing_transfer_number: ZRoutingInput.optional(),
      bank_account_number: ZAccountNumberInput.optional(),
    })
    .strict()
    .refine((v) => Object.keys(v).length > 0, { error: FIELD_MSG.blank }),
});
export type TBankUpdateFieldRequest = z.infer<typeof ZBankUpdateFieldRequest>;

export const ZRoutingParams = z.object({ routing: z.string().max(32) });
/** GET /bank_informations/bank_name/{routing} → `{ bank_name }`; 404 `{ error: BANK_MSG.bankNotFound }`. */
export const ZBankNameResponse = z.object({ bank_name: z.string() });

/** Answer of the calls that save or verify the bank account. */
export const ZBankInformationResponse = z.object({ ok: z.literal(true), bank_information: ZBankInformation });
/** Answer of the linking calls: the account and the status the member is in after it. */
export const ZBankLinkedResponse = ZBankInformationResponse.extend({ new_status: ZWorkflowStatus });

/** POST /bank_informations/verify_manual_save_api_response (new flow): the whole manual account at once. */
export const ZVerifyManualSaveRequest = z.object({
  bank_information: z.object({
    bank_account_number: ZAccountNumberInput,
    routing_transfer_number: ZRoutingInput,
    account_type: ZAccountType,
  }),
});

// ── Bank link (aggregator widget) ──────────────────────────────────────────────────────────────────

export const ZBankLinkInstitution = z.object({ id: z.string(), name: z.string(), logo: z.string().nullable(), down: z.boolean() });

/** GET /bank_informations/widget: what the SPA opens the widget with. */
export const ZBankLinkWidget = z.object({
  provider: z.enum(['sandbox', 'plaid']),
  link_token: z.string(),
  expiration: z.string(),
  /** The sandbox's test institutions (the real widget searches its own list: empty). */
  institutions: z.array(ZBankLinkInstitution),
  /** The sandbox's test credentials, shown as a hint in the sandbox widget; null for the real provider. */
  test_credentials: z.object({ username: z.string(), password: z.string() }).nullable(),
});

/** POST /bank_link/sandbox/authorize (sandbox provider only; no session — it plays the aggregator). */
export const ZSandboxAuthorizeRequest = z.object({
  link_token: z.string().max(2048).optional(),
  institution_id: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(100),
  username: z.string({ error: FIELD_MSG.blank }).max(200),
  password: z.string({ error: FIELD_MSG.blank }).max(200),
});
export const ZSandboxAuthorizeResponse = z.object({
  public_token: z.string(),
  inquiry: z.object({ id: z.string(), type: z.string() }),
  institution: z.object({ id: z.string(), name: z.string() }),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), mask: z.string(), subtype: z.string() })),
});
/** The aggregator's refusal (422), in its own terms. */
export const ZBankLinkErrorBody = z.object({ error_code: z.string(), error_message: z.string(), display_message: z.string().nullable() });

/** POST /bank_informations/save_plaid_information. Without `account_id` the first checking (else savings) account is used. */
export const ZSavePlaidInformationRequest = z.object({
  public_token: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(2048),
  account_id: z.string().max(200).optional(),
});

/** POST /bank_informations/save_ribbit_information: the second aggregator's finished inquiry. */
export const ZSaveRibbitInformationRequest = z.object({
  inquiryId: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(2048),
  inquiryType: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(100),
  accountId: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(200),
});

/** POST /bank_informations/save_plaid_event: a widget event (OPEN, EXIT, ERROR, HANDOFF…), stored as sent. */
export const ZSavePlaidEventRequest = z.object({
  event: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(100),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

// ── Debit card (wallet) ────────────────────────────────────────────────────────────────────────────

/** GET /card_tokenizer/config: what the SPA loads the tokenizer with. */
export const ZCardTokenizerConfig = z.object({ provider: z.enum(['sandbox', 'stripe']), publishable_key: z.string().nullable() });

/** POST /card_tokenizer/sandbox/tokenize (sandbox only, no session): the processor's test-mode tokenizer. */
export const ZSandboxTokenizeRequest = z.object({
  name: z.string().max(200).optional(),
  number: z.string().max(40).default(''),
  exp_month: z
    .union([z.string().max(4), z.number().int()])
    .transform(String)
    .default(''),
  exp_year: z
    .union([z.string().max(4), z.number().int()])
    .transform(String)
    .default(''),
  cvc: z.string().max(8).optional(),
});
export const ZTokenizedCard = z.object({ last4: z.string(), brand: z.string(), exp_month: z.number().int(), exp_year: z.number().int(), funding: z.string() });
export const ZSandboxTokenizeResponse = z.object({ id: z.string(), card: ZTokenizedCard });
/** The tokenizer's refusal (402), as its script reports it; the SPA shows the first message. */
export const ZCardErrorsBody = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string() })) });

const ZCardToken = z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(2048);

/** POST /wallet: the token and the masked card number (only the last 4 digits in clear, e.g. `**** **** **** 4242`). */
export const ZWalletRequest = z.object({ token: ZCardToken, card_number: z.string().max(40).optional() });
/** A saved card: last four digits, brand and the expiry month/year the processor reported (shown MM/YY, access §1). */
export const ZWalletCard = z.object({
  id: z.number().int(),
  last4: z.string(),
  brand: z.string().nullable(),
  exp_month: z.number().int().nullable().optional(),
  exp_year: z.number().int().nullable().optional(),
});
export type TWalletCard = z.infer<typeof ZWalletCard>;
/** 201 of POST /wallet. */
export const ZWalletResponse = z.object({ id: z.number().int(), last4: z.string() });
/** GET /get_debit_cards. */
export const ZDebitCardsResponse = z.object({ ok: z.literal(true), cards: z.array(ZWalletCard) });
/** POST /add_debit_card. */
export const ZAddDebitCardRequest = z.object({ card: z.object({ token: ZCardToken, card_number: z.string().max(40).optional() }) });
export const ZAddDebitCardResponse = z.object({ ok: z.literal(true), card: ZWalletCard });

// ── Repayment set-up ───────────────────────────────────────────────────────────────────────────────

/** §2 Select repay method: 0 split direct deposit (allotment), 1 auto-debit ACH, 2 pay online. */
export const REPAY_METHODS = ['split_direct_deposit', 'auto_debit', 'online'] as const;
export type RepayMethod = (typeof REPAY_METHODS)[number];

/**
 * GET /repay_method_offers (at select_repay_method): the borrower's terms priced for each repay method,
 * so the choice is made knowing the price (split direct deposit carries the program's lower rate).
 */
export const ZRepayMethodOffer = z.object({
  method: z.enum(REPAY_METHODS),
  interest_rate: z.string(),
  apr: z.string(),
  payment_per_term: ZCents,
  number_of_payments: z.number().int(),
  term_frequency: z.string(),
  total_of_payments: ZCents,
});
export type TRepayMethodOffer = z.infer<typeof ZRepayMethodOffer>;
export const ZRepayMethodOffersResponse = z.object({ offers: z.array(ZRepayMethodOffer) });

export const ZSelectRepayMethodRequest = z.object({
  repay_method: z.preprocess((v) => (typeof v === 'string' && /^[0-2]$/.test(v) ? Number(v) : v), z.literal([0, 1, 2], { error: FIELD_MSG.invalid })),
});

/** POST /auto_debit: the account on file, or a new account the server verifies. */
export const ZAutoDebitRequest = z.union([
  // The new account first: a body with neither is reported against its fields.
  z.object({
    use_account_on_file: z.literal(false).optional(),
    account_type: ZAccountType,
    account_number: ZAccountNumberInput,
    routing_number: ZRoutingInput,
  }),
  z.object({ use_account_on_file: z.literal(true) }),
]);
export type TAutoDebitRequest = z.infer<typeof ZAutoDebitRequest>;
export const ZAutoDebitResponse = z.object({
  new_status: ZWorkflowStatus,
  workflow_status: z.object({ next_status: ZWorkflowStatus }),
  ach_authorization: z.object({ id: z.number().int(), bank_account_id: z.number().int(), agreement_document_id: z.number().int(), authorized_at: z.string() }),
});

/** POST /allotment_instructions/email. */
export const ZAllotmentEmailResponse = z.object({ ok: z.literal(true), email: z.string() });
