import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, validated once at boot. `.env.example` documents each one. */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'), // fail closed: dev routes and demo data only when asked for
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
    MIGRATION_DATABASE_URL: z.url({ error: 'MIGRATION_DATABASE_URL must be a postgres:// URL' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url().optional(),
    SERVE_SPA: bool.default(true),
    // Which proxies may set X-Forwarded-For: 'loopback' (nginx on the same host), IPs/CIDRs, or 'false'.
    TRUST_PROXY: z.string().default('loopback'),
    METRICS_TOKEN: z.string().min(16).optional(),
    // Tracing (docs/operations.md, "Tracing"): off unless TRACING says otlp/console or an OTLP endpoint is set.
    TRACING: z.enum(['off', 'otlp', 'console']).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be a URL (e.g. http://localhost:4318)' }).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('payrail'),
    // Extra script origins for the CSP, comma-separated (e.g. https://www.googletagmanager.com when GTM is on).
    CSP_EXTRA_SCRIPT_SRC: z.string().default(''),
    SEED_DEMO: bool.optional(),
    STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
    EMAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
    SMTP_URL: z.string().optional(),
    EMAIL_FROM: z.string().default('Payrail <no-reply@payrail.test>'),
    SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(24),
    IDENTITY_PROVIDER: z.enum(['sandbox', 'google']).default('sandbox'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    CAPTCHA_PROVIDER: z.enum(['sandbox', 'recaptcha']).default('sandbox'),
    CAPTCHA_SANDBOX_FAIL: bool.default(false),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL must be an e-mail address' }).default('support@payrail.test'),
    ENCRYPTION_KEY: z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, {
        error: 'ENCRYPTION_KEY must be 32 bytes, base64 (openssl rand -base64 32)',
      })
      .optional(),
    ENCRYPTION_KEYS_PREVIOUS: z
      .string()
      .refine((v) => v.split(',').every((k) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(k.trim()) && Buffer.from(k.trim(), 'base64').length === 32), {
        error: 'ENCRYPTION_KEYS_PREVIOUS must be comma-separated keys of 32 bytes, base64 each',
      })
      .optional(),
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    PGLITE_WORKER: bool.default(false),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
    RATE_LIMIT_STORE: z.enum(['memory', 'database', 'redis']).optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s):// URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    REQUIRE_HUMAN_REVIEW: bool.optional(),
    SERVICING_DEFAULT_DAYS: z.coerce.number().int().positive().default(60),
    SERVICING_CHARGE_OFF_DAYS: z.coerce.number().int().positive().default(120),
    ROUTING_DIRECTORY_FILE: z.string().optional(),
    BANK_LINK_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
    PLAID_CLIENT_ID: z.string().optional(),
    PLAID_SECRET: z.string().optional(),
    PLAID_ENV: z.enum(['sandbox', 'development', 'production']).default('sandbox'),
    PAYROLL_LINK_PROVIDER: z.enum(['sandbox', 'argyle']).default('sandbox'),
    ARGYLE_API_KEY_ID: z.string().optional(),
    ARGYLE_API_KEY_SECRET: z.string().optional(),
    ARGYLE_BASE_URL: z.url({ protocol: /^https$/, error: 'ARGYLE_BASE_URL must be an https:// URL' }).default('https://api-sandbox.argyle.com'),
    CREDIT_BUREAU_PROVIDER: z.enum(['sandbox', 'experian']).default('sandbox'),
    EXPERIAN_BASE_URL: z.url({ protocol: /^https$/, error: 'EXPERIAN_BASE_URL must be an https:// URL' }).default('https://sandbox-us-api.experian.com'),
    EXPERIAN_CLIENT_ID: z.string().optional(),
    EXPERIAN_CLIENT_SECRET: z.string().optional(),
    EXPERIAN_USERNAME: z.string().optional(),
    EXPERIAN_PASSWORD: z.string().optional(),
    EXPERIAN_SUBSCRIBER_CODE: z.string().optional(),
    NEWFLOW_RATE_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    ADDRESS_PROVIDER: z.enum(['sandbox', 'smarty']).default('sandbox'),
    SMARTY_AUTH_ID: z.string().optional(),
    SMARTY_AUTH_TOKEN: z.string().optional(),
    CARD_TOKENIZER_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    ACH_PROVIDER: z.enum(['sandbox', 'nacha']).default('sandbox'),
    ACH_SANDBOX_SETTLE_DAYS: z.coerce.number().int().min(0).max(10).default(1),
    ACH_NACHA_DIR: z.string().optional(),
    ACH_ODFI_ROUTING_NUMBER: z
      .string()
      .regex(/^\d{9}$/, { error: 'ACH_ODFI_ROUTING_NUMBER must be nine digits' })
      .default('034821624'),
    ACH_COMPANY_NAME: z.string().max(16).default('PAYRAIL'),
    ACH_COMPANY_ID: z.string().max(10).default('1234567890'),
    /** How the sealed NACHA spool files reach the bank (the `ach.transmit` queue; docs/operations.md). */
    ACH_TRANSMITTER: z.enum(['sandbox', 'sftp']).default('sandbox'),
    ACH_TRANSMIT_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
    ACH_BANK_INBOX_DIR: z.string().optional(),
    ACH_SFTP_HOST: z.string().optional(),
    ACH_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
    ACH_SFTP_USERNAME: z.string().optional(),
    ACH_SFTP_PRIVATE_KEY_FILE: z.string().optional(),
    ACH_SFTP_PASSWORD: z.string().optional(),
    ACH_SFTP_HOST_KEY_SHA256: z
      .string()
      .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, { error: 'ACH_SFTP_HOST_KEY_SHA256 must be the host key fingerprint as ssh-keygen -lf prints it (SHA256:…)' })
      .optional(),
    ACH_SFTP_REMOTE_DIR: z.string().default('.'),
    COLLECTION_ROUTING_NUMBER: z
      .string()
      .regex(/^\d{9}$/, { error: 'COLLECTION_ROUTING_NUMBER must be nine digits' })
      .default('034821624'),
    /** Production refuses the sandbox providers (fake money, fake banks, sign-in as anyone) unless this says it is a staging install. */
    ALLOW_SANDBOX_PROVIDERS: bool.default(false),
    COLLECTION_ACCOUNT_NUMBER: z
      .string()
      .regex(/^\d{4,17}$/, { error: 'COLLECTION_ACCOUNT_NUMBER must be 4 to 17 digits' })
      .default('8800012345'),
    // Metro 2 furnisher identity (docs/credit-reporting.md); the defaults are a demo furnisher.
    METRO2_IDENTIFICATION_NUMBER: z
      .string()
      .regex(/^[A-Z0-9]{1,20}$/, { error: 'METRO2_IDENTIFICATION_NUMBER must be 1 to 20 upper-case letters or digits' })
      .default('PAYRAILDEMO01'),
    METRO2_REPORTER_NAME: z.string().min(1).max(40).default('Payrail Demo Servicing'),
    METRO2_REPORTER_ADDRESS: z.string().min(1).max(96).default('100 Demo Street, Wilmington, DE 19801'),
    METRO2_REPORTER_TELEPHONE: z
      .string()
      .regex(/^\d{10}$/, { error: 'METRO2_REPORTER_TELEPHONE must be 10 digits' })
      .default('3025550100'),
    METRO2_EQUIFAX_PROGRAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{0,10}$/)
      .default(''),
    METRO2_EXPERIAN_PROGRAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{0,5}$/)
      .default(''),
    METRO2_TRANSUNION_PROGRAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{0,10}$/)
      .default(''),
    METRO2_INNOVIS_PROGRAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{0,10}$/)
      .default(''),
    /** The daily servicing run (docs/servicing-operations.md). */
    LATE_FEE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(15),
    LATE_FEE_FLAT_CENTS: z.coerce.number().int().min(0).max(100_000).default(1500),
    LATE_FEE_PERCENT: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'LATE_FEE_PERCENT must be a decimal percent such as 5' })
      .default('5'),
    LATE_FEE_MAX_CENTS: z.coerce.number().int().min(0).max(100_000).default(3000),
    ACH_RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(10).default(2),
    ACH_REPRESENTMENT_DELAY_DAYS: z.coerce.number().int().min(1).max(30).default(3),
    SERVICING_RUN_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    /** messages.deliver: retries after a failed first attempt, and the first retry's delay (later ones double). */
    MESSAGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    MESSAGE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    SERVICING_WORKERS: z.coerce.number().int().min(1).max(32).default(4),
    /** Days a referral reward waits before it can be paid out (spec: "6-8 weeks"; 42 = 6 weeks). */
    REFERRAL_PAYOUT_WAIT_DAYS: z.coerce.number().int().min(0).max(120).default(42),
    /** Share of the note principal repaid before a loan can be refinanced (spec: "40% to 60%"). */
    REFINANCE_MIN_PAID_SHARE: z.coerce
      .number()
      .min(0.4, { error: 'REFINANCE_MIN_PAID_SHARE must be between 0.4 and 0.6' })
      .max(0.6, { error: 'REFINANCE_MIN_PAID_SHARE must be between 0.4 and 0.6' })
      .default(0.5),
    SERVICING_BATCH_SIZE: z.coerce.number().int().min(0).max(5000).default(500),
  })
  .superRefine((env, ctx) => {
    if (env.LATE_FEE_MAX_CENTS < env.LATE_FEE_FLAT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['LATE_FEE_MAX_CENTS'], message: 'LATE_FEE_MAX_CENTS must be at least LATE_FEE_FLAT_CENTS' });
    }
    if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PROVIDERS) {
      const sandboxes = sandboxProvidersIn(env);
      if (sandboxes.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['ALLOW_SANDBOX_PROVIDERS'],
          message: `production cannot run on sandbox providers: configure ${sandboxes.join(', ')} (or set ALLOW_SANDBOX_PROVIDERS=true for a staging install)`,
        });
      }
    }
    if (
      env.ACH_TRANSMITTER === 'sftp' &&
      !(env.ACH_SFTP_HOST && env.ACH_SFTP_USERNAME && (env.ACH_SFTP_PRIVATE_KEY_FILE || env.ACH_SFTP_PASSWORD) && env.ACH_SFTP_HOST_KEY_SHA256)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ACH_SFTP_HOST'],
        message:
          'ACH_SFTP_HOST, ACH_SFTP_USERNAME, ACH_SFTP_HOST_KEY_SHA256 and ACH_SFTP_PRIVATE_KEY_FILE (or ACH_SFTP_PASSWORD) are required when ACH_TRANSMITTER=sftp',
      });
    }
    if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PROVIDERS && env.ACH_PROVIDER === 'nacha' && env.ACH_TRANSMITTER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['ACH_TRANSMITTER'],
        message:
          'production cannot transmit NACHA files to the sandbox bank inbox: set ACH_TRANSMITTER=sftp (or ALLOW_SANDBOX_PROVIDERS=true for a staging install)',
      });
    }
    if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when EMAIL_PROVIDER=smtp' });
    }
    if (env.SMS_PROVIDER === 'twilio' && !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required when SMS_PROVIDER=twilio',
      });
    }
    if (env.IDENTITY_PROVIDER === 'google' && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'GOOGLE_CLIENT_ID is required when IDENTITY_PROVIDER=google' });
    }
    if (env.CAPTCHA_PROVIDER === 'recaptcha' && !(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET_KEY'],
        message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are required when CAPTCHA_PROVIDER=recaptcha',
      });
    }
    if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'ENCRYPTION_KEY is required in production (32 bytes, base64)' });
    }
    if (env.STORAGE_PROVIDER === 's3' && !(env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_PROVIDER=s3',
      });
    }
    if (env.RATE_LIMIT_STORE === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'REDIS_URL is required when RATE_LIMIT_STORE=redis' });
    }
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: 'MIGRATION_DATABASE_URL (the schema owner) needs DATABASE_URL (the app role)',
      });
    }
    if (env.RATE_LIMIT_STORE === 'database' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_STORE'],
        message: 'RATE_LIMIT_STORE=database needs DATABASE_URL (the embedded database is one process: use memory)',
      });
    }
    if (env.BANK_LINK_PROVIDER === 'plaid' && !(env.PLAID_CLIENT_ID && env.PLAID_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['PLAID_CLIENT_ID'], message: 'PLAID_CLIENT_ID and PLAID_SECRET are required when BANK_LINK_PROVIDER=plaid' });
    }
    if (env.PAYROLL_LINK_PROVIDER === 'argyle' && !(env.ARGYLE_API_KEY_ID && env.ARGYLE_API_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ARGYLE_API_KEY_ID'],
        message: 'ARGYLE_API_KEY_ID and ARGYLE_API_KEY_SECRET are required when PAYROLL_LINK_PROVIDER=argyle',
      });
    }
    if (
      env.CREDIT_BUREAU_PROVIDER === 'experian' &&
      !(env.EXPERIAN_CLIENT_ID && env.EXPERIAN_CLIENT_SECRET && env.EXPERIAN_USERNAME && env.EXPERIAN_PASSWORD && env.EXPERIAN_SUBSCRIBER_CODE)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['EXPERIAN_CLIENT_ID'],
        message:
          'EXPERIAN_CLIENT_ID, EXPERIAN_CLIENT_SECRET, EXPERIAN_USERNAME, EXPERIAN_PASSWORD and EXPERIAN_SUBSCRIBER_CODE are required when CREDIT_BUREAU_PROVIDER=experian',
      });
    }
    if (env.ADDRESS_PROVIDER === 'smarty' && !(env.SMARTY_AUTH_ID && env.SMARTY_AUTH_TOKEN)) {
      ctx.addIssue({ code: 'custom', path: ['SMARTY_AUTH_ID'], message: 'SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN are required when ADDRESS_PROVIDER=smarty' });
    }
    if (env.CARD_TOKENIZER_PROVIDER === 'stripe' && !(env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY are required when CARD_TOKENIZER_PROVIDER=stripe',
      });
    }
    if (env.SERVICING_DEFAULT_DAYS >= env.SERVICING_CHARGE_OFF_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['SERVICING_DEFAULT_DAYS'], message: 'SERVICING_DEFAULT_DAYS must be less than SERVICING_CHARGE_OFF_DAYS' });
    }
    if (env.SESSION_IDLE_MINUTES > env.SESSION_ABSOLUTE_HOURS * 60) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_IDLE_MINUTES'], message: 'SESSION_IDLE_MINUTES must not exceed SESSION_ABSOLUTE_HOURS' });
    }
  });

export type Config = {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The schema owner's connection: migrations run as it, then the app role of DATABASE_URL is granted what it needs (docs/deployment.md). */
  migrationDatabaseUrl: string | undefined;
  logLevel: string;
  publicUrl: string;
  serveSpa: boolean;
  trustProxy: boolean | string;
  /** `GET /metrics` asks for `Authorization: Bearer <token>` when set (docs/operations.md). */
  metricsToken: string | null;
  /** OpenTelemetry tracing (lib/tracing.ts): `off` unless TRACING or OTEL_EXPORTER_OTLP_ENDPOINT turns it on. */
  tracing: { exporter: 'off' | 'otlp' | 'console'; otlpEndpoint: string | undefined; serviceName: string };
  cspExtraScriptSrc: string[];
  seedDemo: boolean;
  staffSession: { idleMinutes: number; absoluteHours: number };
  /** `retry`: the messages.deliver queue's policy (MESSAGE_RETRY_LIMIT, MESSAGE_RETRY_DELAY_SECONDS). */
  email: { provider: 'sandbox' | 'smtp'; smtpUrl: string | undefined; from: string; retry: { limit: number; delaySeconds: number } };
  sms: { provider: 'sandbox' | 'twilio'; twilio: { accountSid?: string; authToken?: string; from?: string } };
  /** Borrower sessions: idle and absolute expiry. */
  session: { idleMinutes: number; absoluteHours: number };
  /** Social sign-in: the sandbox picker (HMAC-signed dev tokens) or Google ID tokens for this client id. */
  identity: { provider: 'sandbox' | 'google'; googleClientId: string | undefined };
  /** Captcha: the sandbox passes unless told to fail; reCAPTCHA verifies with Google. */
  captcha: { provider: 'sandbox' | 'recaptcha'; sandboxFail: boolean; siteKey: string | undefined; secretKey: string | undefined; minScore: number };
  /** Where the chat sandbox delivers support messages. */
  supportEmail: string;
  /**
   * The AES-256-GCM master key for data at rest (32 bytes). Unset outside production: a development key
   * is generated once and kept in `install_secrets`.
   */
  encryptionKey: Buffer | undefined;
  /** ENCRYPTION_KEYS_PREVIOUS: older keys that still open values sealed before a rotation (docs/operations.md, "Keys"); never used to seal. */
  encryptionKeysPrevious: Buffer[];
  /**
   * Where the per-IP route limits count: `redis` (REDIS_URL), `database` (PostgreSQL: the default with
   * DATABASE_URL, so every instance shares them) or `memory` (the embedded database's single process).
   */
  rateLimit: { store: 'memory' | 'database' | 'redis'; redisUrl: string | undefined };
  /** The embedded database runs in a worker thread (true: PGlite off the server's event loop) or on the main thread (the default). */
  pgliteWorker: boolean;
  /** Uploaded files: local disk under `${dataDir}/files`, or an S3-compatible bucket. */
  storage: { provider: 'local' | 's3'; s3: S3Config | undefined };
  /**
   * Applications wait in ready_for_review for an underwriter (true, the production default), or the
   * automated underwriting acts on its own decision so the demo reaches e-signature without staff (false).
   */
  requireHumanReview: boolean;
  /** Loan status thresholds in days past due (docs/servicing.md): default, then charge-off. */
  servicing: { defaultDays: number; chargeOffDays: number };
  referral: { payoutWaitDays: number };
  refinance: { minPaidShare: number };
  /** A FedACH directory file (FedACHdir.txt layout) for bank-name lookups; unset: the bundled fictional sandbox directory. */
  routingDirectoryFile: string | undefined;
  /** Bank-link widget: the sandbox (test institutions, user_good / pass_good) or Plaid. */
  bankLink: { provider: 'sandbox' | 'plaid'; plaid: { clientId: string; secret: string; env: 'sandbox' | 'development' | 'production' } | undefined };
  /** Payroll link (new flow): the sandbox widget (test_1 / passgood …) or Argyle (API key pair). */
  payrollLink: { provider: 'sandbox' | 'argyle'; argyle: { apiKeyId: string; apiKeySecret: string; baseUrl: string } | undefined };
  /** Credit bureau of the new flow's rate check: the sandbox (answers by test SSNs) or Experian's Credit Profile API. */
  creditBureau: {
    provider: 'sandbox' | 'experian';
    experian: { baseUrl: string; clientId: string; clientSecret: string; username: string; password: string; subscriberCode: string } | undefined;
  };
  /** Seconds between two in-process rate-check job runs (0: only the step call runs the job). */
  rateCheckIntervalSeconds: number;
  /** US address autocomplete: the sandbox (a fixed list of real public addresses) or Smarty US Autocomplete Pro (secret key pair). */
  address: { provider: 'sandbox' | 'smarty'; smarty: { authId: string; authToken: string } | undefined };
  /** Card tokenizer: the sandbox (test card numbers) or Stripe (publishable key in the browser, secret key on the server). */
  cardTokenizer: { provider: 'sandbox' | 'stripe'; stripe: { publishableKey: string; secretKey: string } | undefined };
  /** Loan disbursements: the ACH simulator (settles after N business days) or NACHA files for the bank, written to `nachaDir`. */
  ach: { provider: 'sandbox' | 'nacha'; sandboxSettleDays: number; nachaDir: string; odfiRoutingNumber: string; companyName: string; companyId: string };
  /** How the NACHA spool reaches the bank (the `ach.transmit` queue, every `intervalMinutes`; 0: not scheduled). */
  achTransmit: {
    intervalMinutes: number;
    transmitter:
      | { kind: 'sandbox'; bankInboxDir: string }
      | {
          kind: 'sftp';
          sftp: {
            host: string;
            port: number;
            username: string;
            privateKeyFile?: string | undefined;
            password?: string | undefined;
            hostKeySha256: string;
            remoteDir: string;
          };
        };
  };
  /** The account allotments and split direct deposits are sent to (printed in the allotment instructions). Defaults: sandbox values. */
  collectionAccount: { routingNumber: string; accountNumber: string };
  /** The Metro 2 furnisher (docs/credit-reporting.md): the identification number and program identifiers the bureaus assign, the reporter's name, address and telephone. */
  creditReporting: {
    identificationNumber: string;
    reporterName: string;
    reporterAddress: string;
    reporterTelephone: string;
    equifaxProgramId: string;
    experianProgramId: string;
    transUnionProgramId: string;
    innovisProgramId: string;
  };
  /** The daily servicing run (docs/servicing-operations.md): late fees, ACH return window and re-presentment, the timer. */
  collections: {
    lateFee: { graceDays: number; flatCents: number; percent: string; maxCents: number };
    returnWindowDays: number;
    representmentDelayDays: number;
    /** Minutes between two in-process runs (0: no timer; the back office's "run now" still works). */
    runIntervalMinutes: number;
    /** Batches processed concurrently by one instance (PostgreSQL); the embedded database uses one. */
    workers: number;
    /** Loans claimed and serviced together in one transaction (read up front, written in bulk); 0: one loan per transaction, statement by statement. */
    batchSize: number;
  };
};

/** An S3-compatible bucket. Without an endpoint, AWS itself (virtual-hosted style); with one, path style. */
export type S3Config = { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string };

export class ConfigError extends Error {}

/**
 * The settings whose sandbox would make a production install unsafe or fake: sign-in as any sandbox
 * identity, an always-passing captcha, codes that never leave the outbox, fictional banks and cards,
 * disbursements that move no money. (The address sandbox lists real addresses and stays allowed.)
 */
function sandboxProvidersIn(
  env: {
    [
      K in
        | 'EMAIL_PROVIDER'
        | 'SMS_PROVIDER'
        | 'IDENTITY_PROVIDER'
        | 'CAPTCHA_PROVIDER'
        | 'BANK_LINK_PROVIDER'
        | 'CARD_TOKENIZER_PROVIDER'
        | 'ACH_PROVIDER'
        | 'PAYROLL_LINK_PROVIDER'
        | 'CREDIT_BUREAU_PROVIDER'
    ]: string;
  } & { ROUTING_DIRECTORY_FILE?: string | undefined },
): string[] {
  const names = (
    [
      'EMAIL_PROVIDER',
      'SMS_PROVIDER',
      'IDENTITY_PROVIDER',
      'CAPTCHA_PROVIDER',
      'BANK_LINK_PROVIDER',
      'CARD_TOKENIZER_PROVIDER',
      'ACH_PROVIDER',
      'PAYROLL_LINK_PROVIDER',
      'CREDIT_BUREAU_PROVIDER',
    ] as const
  ).filter((name) => env[name] === 'sandbox');
  return env.ROUTING_DIRECTORY_FILE ? [...names] : [...names, 'ROUTING_DIRECTORY_FILE'];
}

/** Reads and validates the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = ZEnv.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    // Relative to where the user ran npm (npm sets INIT_CWD), not to the workspace npm switched into.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    serveSpa: e.SERVE_SPA,
    trustProxy: e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracing: {
      exporter: e.TRACING ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : 'off'),
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: e.OTEL_SERVICE_NAME,
    },
    cspExtraScriptSrc: e.CSP_EXTRA_SCRIPT_SRC.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    staffSession: { idleMinutes: e.STAFF_SESSION_IDLE_MINUTES, absoluteHours: e.STAFF_SESSION_ABSOLUTE_HOURS },
    email: {
      provider: e.EMAIL_PROVIDER,
      smtpUrl: e.SMTP_URL,
      from: e.EMAIL_FROM,
      retry: { limit: e.MESSAGE_RETRY_LIMIT, delaySeconds: e.MESSAGE_RETRY_DELAY_SECONDS },
    },
    sms: {
      provider: e.SMS_PROVIDER,
      twilio: { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM },
    },
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    identity: { provider: e.IDENTITY_PROVIDER, googleClientId: e.GOOGLE_CLIENT_ID },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      sandboxFail: e.CAPTCHA_SANDBOX_FAIL,
      siteKey: e.RECAPTCHA_SITE_KEY,
      secretKey: e.RECAPTCHA_SECRET_KEY,
      minScore: e.RECAPTCHA_MIN_SCORE,
    },
    supportEmail: e.SUPPORT_EMAIL,
    requireHumanReview: e.REQUIRE_HUMAN_REVIEW ?? e.NODE_ENV === 'production',
    servicing: { defaultDays: e.SERVICING_DEFAULT_DAYS, chargeOffDays: e.SERVICING_CHARGE_OFF_DAYS },
    referral: { payoutWaitDays: e.REFERRAL_PAYOUT_WAIT_DAYS },
    refinance: { minPaidShare: e.REFINANCE_MIN_PAID_SHARE },
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'base64') : undefined,
    encryptionKeysPrevious: e.ENCRYPTION_KEYS_PREVIOUS ? e.ENCRYPTION_KEYS_PREVIOUS.split(',').map((k) => Buffer.from(k.trim(), 'base64')) : [],
    pgliteWorker: e.PGLITE_WORKER,
    rateLimit: { store: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory'), redisUrl: e.REDIS_URL },
    storage: {
      provider: e.STORAGE_PROVIDER,
      s3:
        e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
    routingDirectoryFile: e.ROUTING_DIRECTORY_FILE ? path.resolve(e.ROUTING_DIRECTORY_FILE) : undefined,
    bankLink: {
      provider: e.BANK_LINK_PROVIDER,
      plaid: e.PLAID_CLIENT_ID && e.PLAID_SECRET ? { clientId: e.PLAID_CLIENT_ID, secret: e.PLAID_SECRET, env: e.PLAID_ENV } : undefined,
    },
    payrollLink: {
      provider: e.PAYROLL_LINK_PROVIDER,
      argyle:
        e.ARGYLE_API_KEY_ID && e.ARGYLE_API_KEY_SECRET
          ? { apiKeyId: e.ARGYLE_API_KEY_ID, apiKeySecret: e.ARGYLE_API_KEY_SECRET, baseUrl: e.ARGYLE_BASE_URL }
          : undefined,
    },
    creditBureau: {
      provider: e.CREDIT_BUREAU_PROVIDER,
      experian:
        e.EXPERIAN_CLIENT_ID && e.EXPERIAN_CLIENT_SECRET && e.EXPERIAN_USERNAME && e.EXPERIAN_PASSWORD && e.EXPERIAN_SUBSCRIBER_CODE
          ? {
              baseUrl: e.EXPERIAN_BASE_URL,
              clientId: e.EXPERIAN_CLIENT_ID,
              clientSecret: e.EXPERIAN_CLIENT_SECRET,
              username: e.EXPERIAN_USERNAME,
              password: e.EXPERIAN_PASSWORD,
              subscriberCode: e.EXPERIAN_SUBSCRIBER_CODE,
            }
          : undefined,
    },
    rateCheckIntervalSeconds: e.NEWFLOW_RATE_CHECK_INTERVAL_SECONDS,
    address: {
      provider: e.ADDRESS_PROVIDER,
      smarty: e.SMARTY_AUTH_ID && e.SMARTY_AUTH_TOKEN ? { authId: e.SMARTY_AUTH_ID, authToken: e.SMARTY_AUTH_TOKEN } : undefined,
    },
    cardTokenizer: {
      provider: e.CARD_TOKENIZER_PROVIDER,
      stripe: e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_SECRET_KEY ? { publishableKey: e.STRIPE_PUBLISHABLE_KEY, secretKey: e.STRIPE_SECRET_KEY } : undefined,
    },
    ach: {
      provider: e.ACH_PROVIDER,
      sandboxSettleDays: e.ACH_SANDBOX_SETTLE_DAYS,
      nachaDir: path.resolve(e.ACH_NACHA_DIR ? e.ACH_NACHA_DIR : path.join(e.DATA_DIR, 'ach')),
      odfiRoutingNumber: e.ACH_ODFI_ROUTING_NUMBER,
      companyName: e.ACH_COMPANY_NAME,
      companyId: e.ACH_COMPANY_ID,
    },
    achTransmit: {
      intervalMinutes: e.ACH_TRANSMIT_INTERVAL_MINUTES,
      transmitter:
        e.ACH_TRANSMITTER === 'sftp' && e.ACH_SFTP_HOST && e.ACH_SFTP_USERNAME && e.ACH_SFTP_HOST_KEY_SHA256
          ? {
              kind: 'sftp',
              sftp: {
                host: e.ACH_SFTP_HOST,
                port: e.ACH_SFTP_PORT,
                username: e.ACH_SFTP_USERNAME,
                privateKeyFile: e.ACH_SFTP_PRIVATE_KEY_FILE,
                password: e.ACH_SFTP_PASSWORD,
                hostKeySha256: e.ACH_SFTP_HOST_KEY_SHA256,
                remoteDir: e.ACH_SFTP_REMOTE_DIR,
              },
            }
          : { kind: 'sandbox', bankInboxDir: path.resolve(e.ACH_BANK_INBOX_DIR ? e.ACH_BANK_INBOX_DIR : path.join(e.DATA_DIR, 'ach-bank-inbox')) },
    },
    collectionAccount: { routingNumber: e.COLLECTION_ROUTING_NUMBER, accountNumber: e.COLLECTION_ACCOUNT_NUMBER },
    creditReporting: {
      identificationNumber: e.METRO2_IDENTIFICATION_NUMBER,
      reporterName: e.METRO2_REPORTER_NAME,
      reporterAddress: e.METRO2_REPORTER_ADDRESS,
      reporterTelephone: e.METRO2_REPORTER_TELEPHONE,
      equifaxProgramId: e.METRO2_EQUIFAX_PROGRAM_ID,
      experianProgramId: e.METRO2_EXPERIAN_PROGRAM_ID,
      transUnionProgramId: e.METRO2_TRANSUNION_PROGRAM_ID,
      innovisProgramId: e.METRO2_INNOVIS_PROGRAM_ID,
    },
    collections: {
      lateFee: { graceDays: e.LATE_FEE_GRACE_DAYS, flatCents: e.LATE_FEE_FLAT_CENTS, percent: e.LATE_FEE_PERCENT, maxCents: e.LATE_FEE_MAX_CENTS },
      returnWindowDays: e.ACH_RETURN_WINDOW_DAYS,
      representmentDelayDays: e.ACH_REPRESENTMENT_DELAY_DAYS,
      runIntervalMinutes: e.SERVICING_RUN_INTERVAL_MINUTES,
      workers: e.SERVICING_WORKERS,
      batchSize: e.SERVICING_BATCH_SIZE,
    },
  };
}
