import type { Providers } from './adapters/create-providers';
import { createProviders } from './adapters/create-providers';
import type { Config } from './config';
import type { Database } from './db/client';
import { type CryptoBox, cryptoBoxFor } from './lib/crypto-box';
import { createHooks, type Hooks } from './lib/hooks';
import { type AppHooks, moduleHooks } from './module-hooks';
import { installSecrets, type SecretName } from './lib/install-secrets';
import { bankingRepository } from './modules/banking/repository';
import { documentsRepository } from './modules/documents/repository';
import { esignatureRepository } from './modules/esignature/repository';
import { walletRepository } from './modules/wallet/repository';
import { engagementRepository } from './modules/engagement/repository';
import { identityRepository } from './modules/identity/repository';
import { platformRepository } from './modules/platform/repository';
import { createSystemGate, type SystemGate } from './modules/platform/system-gate';
import { referenceRepository } from './modules/reference/repository';
import { staffRepository } from './modules/staff/repository';
import { workflowRepository } from './modules/workflow/repository';
import { applicationRepository } from './modules/application/repository';
import { employmentRepository } from './modules/employment/repository';
import { loanTermsRepository } from './modules/loan-terms/repository';
import { reviewRepository } from './modules/review/repository';
import { backofficeRepository } from './modules/backoffice/repository';
import { loanBookRepository } from './modules/loan-book/repository';
import { collectionsDeskReads } from './modules/loan-book/collections-desk.repository';
import { collectionsDeskRepository } from './modules/collections/repository';
import { borrowerToolsRepository } from './modules/borrower-tools/repository';
import { profileRepository } from './modules/profile/repository';
import { newflowRepository } from './modules/newflow/repository';
import { referralRepository } from './modules/referral/repository';
import { refinanceRepository } from './modules/refinance/repository';
import { careRepository } from './modules/care/repository';
import { hardshipRepository } from './modules/hardship/repository';
import { creditReportingRepository } from './modules/credit-reporting/repository';
import { creditReportingLoanBookRepository } from './modules/loan-book/credit-reporting.repository';
import { statementsRepository } from './modules/statements/repository';
import { paymentPlansRepository } from './modules/loan-book/payment-plans.repository';
import { portfolioRepository } from './modules/portfolio/repository';
import { portfolioLoanBookRepository } from './modules/loan-book/portfolio.repository';
import { employerAccountsRepository } from './modules/employer-portal/accounts.repository';
import { employerRemittancesRepository } from './modules/employer-portal/remittances.repository';
import { employmentVerificationsRepository } from './modules/employer-portal/verifications.repository';
import { deductionsRepository } from './modules/employer-portal/deductions.repository';
import { payrollDeductionRepository } from './modules/loan-book/payroll-deduction.repository';
import { messagesRepository } from './modules/messages/repository';
import { type AppJobQueue, createJobQueue } from './jobs/create-job-queue';
import { metricsOf } from './lib/metrics';

/** What every route plugin may use: configuration, repositories, providers, secrets and the clock. */
export type AppContext = {
  config: Config;
  database: Database;
  repos: {
    reference: ReturnType<typeof referenceRepository>;
    platform: ReturnType<typeof platformRepository>;
    staff: ReturnType<typeof staffRepository>;
    identity: ReturnType<typeof identityRepository>;
    workflow: ReturnType<typeof workflowRepository>;
    engagement: ReturnType<typeof engagementRepository>;
    documents: ReturnType<typeof documentsRepository>;
    banking: ReturnType<typeof bankingRepository>;
    wallet: ReturnType<typeof walletRepository>;
    esignature: ReturnType<typeof esignatureRepository>;
    application: ReturnType<typeof applicationRepository>;
    employment: ReturnType<typeof employmentRepository>;
    loanTerms: ReturnType<typeof loanTermsRepository>;
    review: ReturnType<typeof reviewRepository>;
    backoffice: ReturnType<typeof backofficeRepository>;
    loanBook: ReturnType<typeof loanBookRepository>;
    /** The loan book's reads for the collections desk (docs/collections.md). */
    collectionsBook: ReturnType<typeof collectionsDeskReads>;
    collectionsDesk: ReturnType<typeof collectionsDeskRepository>;
    borrowerTools: ReturnType<typeof borrowerToolsRepository>;
    profile: ReturnType<typeof profileRepository>;
    newflow: ReturnType<typeof newflowRepository>;
    referral: ReturnType<typeof referralRepository>;
    refinance: ReturnType<typeof refinanceRepository>;
    care: ReturnType<typeof careRepository>;
    hardship: ReturnType<typeof hardshipRepository>;
    creditReporting: ReturnType<typeof creditReportingRepository>;
    /** The loan book's reads for credit reporting (loan-book/credit-reporting.repository.ts). */
    loanBookCreditReporting: ReturnType<typeof creditReportingLoanBookRepository>;
    statements: ReturnType<typeof statementsRepository>;
    /** The loan book's payment plans (loan-book/payment-plans.repository.ts, docs/payment-plans.md). */
    paymentPlans: ReturnType<typeof paymentPlansRepository>;
    portfolio: ReturnType<typeof portfolioRepository>;
    /** The loan book's reads for the portfolio (loan-book/portfolio.repository.ts). */
    loanBookPortfolio: ReturnType<typeof portfolioLoanBookRepository>;
    /** The employer portal's accounts, sessions, invitations and audit trail (employer-portal/accounts.repository.ts). */
    employerAccounts: ReturnType<typeof employerAccountsRepository>;
    /** The employer portal's remittance reconciliations (employer-portal/remittances.repository.ts). */
    employerRemittances: ReturnType<typeof employerRemittancesRepository>;
    /** Employment verifications asked of employers (employer-portal/verifications.repository.ts). */
    employmentVerifications: ReturnType<typeof employmentVerificationsRepository>;
    /** The employer portal's deductions and employee changes (employer-portal/deductions.repository.ts). */
    employerDeductions: ReturnType<typeof deductionsRepository>;
    /** The loan book's writes for employer-reported payroll changes (loan-book/payroll-deduction.repository.ts). */
    loanBookPayroll: ReturnType<typeof payrollDeductionRepository>;
  };
  providers: Providers;
  /** A per-install secret (generated once, shared by every instance through the database). */
  secret: (name: SecretName) => Promise<string>;
  /** Encryption at rest (AES-256-GCM) under the install's key; built on first use. */
  cryptoBox: () => Promise<CryptoBox>;
  /** The active system event (503 gate), cached briefly and invalidated when an event starts or ends. */
  systemGate: SystemGate;
  /** The one clock; tests replace it. */
  now: () => Date;
  /** The background queues (jobs/port.ts; pg-boss on PostgreSQL, the in-process runner on PGlite). Only main.ts starts workers. */
  jobs: AppJobQueue;
  /** What lower modules call in higher ones (lib/hooks.ts, wired in module-hooks.ts), built once per context. */
  hooks: Hooks<AppHooks>;
};

export function createContext(config: Config, database: Database, overrides: Partial<Pick<AppContext, 'providers' | 'now'>> = {}): AppContext {
  const hooks = createHooks(moduleHooks());
  const repos = {
    reference: referenceRepository(database.db),
    platform: platformRepository(database.db),
    staff: staffRepository(database.db),
    identity: identityRepository(database.db, hooks.identity),
    workflow: workflowRepository(database.db),
    engagement: engagementRepository(database.db),
    documents: documentsRepository(database.db),
    banking: bankingRepository(database.db),
    wallet: walletRepository(database.db),
    esignature: esignatureRepository(database.db),
    application: applicationRepository(database.db),
    employment: employmentRepository(database.db),
    loanTerms: loanTermsRepository(database.db),
    review: reviewRepository(database.db),
    backoffice: backofficeRepository(database.db),
    loanBook: loanBookRepository(database.db),
    collectionsBook: collectionsDeskReads(database.db),
    collectionsDesk: collectionsDeskRepository(database.db),
    borrowerTools: borrowerToolsRepository(database.db),
    profile: profileRepository(database.db),
    newflow: newflowRepository(database.db),
    referral: referralRepository(database.db),
    refinance: refinanceRepository(database.db),
    care: careRepository(database.db),
    hardship: hardshipRepository(database.db),
    creditReporting: creditReportingRepository(database.db),
    loanBookCreditReporting: creditReportingLoanBookRepository(database.db),
    statements: statementsRepository(database.db),
    paymentPlans: paymentPlansRepository(database.db),
    portfolio: portfolioRepository(database.db),
    loanBookPortfolio: portfolioLoanBookRepository(database.db),
    employerAccounts: employerAccountsRepository(database.db),
    employerRemittances: employerRemittancesRepository(database.db),
    employmentVerifications: employmentVerificationsRepository(database.db),
    employerDeductions: deductionsRepository(database.db),
    loanBookPayroll: payrollDeductionRepository(database.db),
  };
  const now = overrides.now ?? (() => new Date());
  const secret = installSecrets(repos.platform);
  const ctx: AppContext = {
    config,
    database,
    repos,
    providers:
      overrides.providers ??
      createProviders(config, repos.platform, { secret, now, messages: { repo: messagesRepository(database.db), jobs: () => ctx.jobs } }),
    secret,
    cryptoBox: cryptoBoxFor(config, secret),
    systemGate: createSystemGate(repos.platform, 2_000, () => database.writeGeneration()),
    now,
    jobs: createJobQueue(config, database, { onOutcome: (queue, outcome) => metricsOf(ctx).job(queue, outcome) }),
    hooks,
  };
  return ctx;
}
