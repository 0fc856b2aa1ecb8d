import path from 'node:path';
import type { Config } from '../config';
import { cryptoBoxFor } from '../lib/crypto-box';
import type { SecretName } from '../lib/install-secrets';
import { sandboxTokens } from '../lib/sandbox-tokens';
import type { PlatformRepository } from '../modules/platform/repository';
import type { AddressAutocompleteProvider } from './address/port';
import { sandboxAddressAutocomplete } from './address/sandbox';
import { smartyAddressAutocomplete } from './address/smarty';
import { plaidBankLink } from './bank-link/plaid';
import type { BankLinkProvider } from './bank-link/port';
import { sandboxBankLink } from './bank-link/sandbox';
import type { CaptchaVerifier } from './captcha/port';
import { recaptcha } from './captcha/recaptcha';
import { sandboxCaptcha } from './captcha/sandbox';
import type { CardTokenizer } from './card-tokenizer/port';
import { sandboxCardTokenizer } from './card-tokenizer/sandbox';
import { stripeCardTokenizer } from './card-tokenizer/stripe';
import type { SupportChat } from './chat/port';
import { sandboxSupportChat } from './chat/sandbox';
import type { EmailSender, EmailTransport } from './email/port';
import { sandboxEmailTransport } from './email/sandbox';
import { smtpEmailTransport } from './email/smtp';
import { googleIdentityProvider } from './identity/google';
import type { IdentityProvider } from './identity/port';
import { sandboxIdentityProvider } from './identity/sandbox';
import type { SmsSender, SmsTransport } from './sms/port';
import { sandboxSmsTransport } from './sms/sandbox';
import { twilioSmsTransport } from './sms/twilio';
import type { JobQueue } from '../jobs/port';
import { type MessageDelivery, messageDelivery } from '../modules/messages/delivery';
import type { MessagesRepository } from '../modules/messages/repository';
import { randomUUID } from 'node:crypto';
import { localDiskStorage } from './storage/local-disk';
import type { FileStorage } from './storage/port';
import { s3Storage } from './storage/s3';
import type { AchDebitor, AchFileFormat, AchOriginator } from './ach/port';
import { nachaFileFormat } from './ach/nacha-format';
import type { PayrollFiles } from './file-formats/port';
import { payrollCsvFiles } from './file-formats/payroll-csv';
import { nachaFileAchDebits } from './ach/nacha-debit-client';
import { nachaFileAch } from './ach/nacha-client';
import { sandboxAch, sandboxAchDebits } from './ach/sandbox';
import type { CreditBureau } from './credit-bureau/port';
import { experianCreditBureau } from './credit-bureau/experian';
import { sandboxCreditBureau } from './credit-bureau/sandbox';
import { argylePayrollLink } from './payroll-link/argyle';
import type { PayrollLinkProvider } from './payroll-link/port';
import { type SandboxPayrollLink, sandboxPayrollLink } from './payroll-link/sandbox';

export type Providers = {
  /** Queued: `send` writes the message and delivers it (modules/messages/delivery.ts). */
  email: EmailSender;
  sms: SmsSender;
  /** The outgoing-message queue behind `email` and `sms` (its `messages.deliver` queue); null without a database. */
  messages: MessageDelivery | null;
  identity: IdentityProvider;
  captcha: CaptchaVerifier;
  chat: SupportChat;
  storage: FileStorage;
  bankLink: BankLinkProvider;
  cardTokenizer: CardTokenizer;
  ach: AchOriginator;
  /** Loan-payment debits (servicing): the debit simulator, or NACHA debit files for the bank. */
  achDebits: AchDebitor;
  /** The bank's file format (NACHA, whichever originator sends): our entries' trace numbers, the bank's return files read into records. */
  achFiles: AchFileFormat;
  /** The payroll files' text format (CSV): remittance files and the employer's deduction file, read into and written from records. */
  payrollFiles: PayrollFiles;
  address: AddressAutocompleteProvider;
  /** Payroll link of the new flow: the sandbox widget's provider (with its login) or Argyle. */
  payrollLink: PayrollLinkProvider | SandboxPayrollLink;
  creditBureau: CreditBureau;
};

/**
 * What some sandboxes need from the running server: per-install secrets and the clock; and what the
 * message queue needs (its table and the job queue). Without `messages` (a tool with no database), e-mail
 * and SMS go straight to the transport, once, with a fresh key.
 */
export type ProviderDeps = {
  secret: (name: SecretName) => Promise<string>;
  now: () => Date;
  messages?: { repo: MessagesRepository; jobs: () => JobQueue | undefined };
};

const directEmail = (t: EmailTransport): EmailSender => ({ provider: t.provider, send: (m) => t.deliver(m, randomUUID()) });
const directSms = (t: SmsTransport): SmsSender => ({ provider: t.provider, send: (m) => t.deliver(m, randomUUID()) });

/** Picks each provider's implementation from configuration (sandbox by default). */
export function createProviders(config: Config, platform: PlatformRepository, deps: ProviderDeps): Providers {
  const { twilio } = config.sms;
  const { captcha } = config;
  // The sandbox outbox keeps bodies (the demo reads its codes there) in development and test only.
  const keepBodies = config.env !== 'production';
  // Both NACHA clients seal their spool files under the install's crypto box (adapters/ach/nacha-spool.ts).
  const nacha = {
    dir: config.ach.nachaDir,
    odfiRoutingNumber: config.ach.odfiRoutingNumber,
    companyName: config.ach.companyName,
    companyId: config.ach.companyId,
  };
  const nachaBox = config.ach.provider === 'nacha' ? cryptoBoxFor(config, deps.secret) : undefined;
  // Transports record deliveries once per message key (ON CONFLICT DO NOTHING); without the queue's table, plainly.
  const record = deps.messages ? deps.messages.repo.recordOutbox : platform.recordOutbox;
  const emailTransport =
    config.email.provider === 'smtp' && config.email.smtpUrl
      ? smtpEmailTransport(record, config.email.smtpUrl, config.email.from)
      : sandboxEmailTransport(record, keepBodies);
  const smsTransport =
    config.sms.provider === 'twilio' && twilio.accountSid && twilio.authToken && twilio.from
      ? twilioSmsTransport(record, { accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from })
      : sandboxSmsTransport(record, keepBodies);
  const messages = deps.messages
    ? messageDelivery(deps.messages.repo, { email: emailTransport, sms: smsTransport }, deps.messages.jobs, {
        eraseBodiesOnceSent: config.env === 'production',
        retryLimit: config.email.retry.limit,
        retryDelaySeconds: config.email.retry.delaySeconds,
      })
    : null;
  const email = messages ? messages.emailSender : directEmail(emailTransport);
  return {
    email,
    sms: messages ? messages.smsSender : directSms(smsTransport),
    messages,
    identity:
      config.identity.provider === 'google' && config.identity.googleClientId
        ? googleIdentityProvider(config.identity.googleClientId)
        : sandboxIdentityProvider(() => deps.secret('sandbox_identity'), deps.now),
    captcha:
      captcha.provider === 'recaptcha' && captcha.siteKey && captcha.secretKey
        ? recaptcha({ siteKey: captcha.siteKey, secretKey: captcha.secretKey, minScore: captcha.minScore })
        : sandboxCaptcha(captcha.sandboxFail),
    chat: sandboxSupportChat(email, config.supportEmail),
    storage: config.storage.provider === 's3' && config.storage.s3 ? s3Storage(config.storage.s3) : localDiskStorage(path.join(config.dataDir, 'files')),
    // The sandboxes sign their tokens under a key derived from the sandbox identity secret (a label per sandbox).
    bankLink:
      config.bankLink.provider === 'plaid' && config.bankLink.plaid
        ? plaidBankLink(config.bankLink.plaid)
        : sandboxBankLink(
            sandboxTokens(() => deps.secret('sandbox_identity'), 'sandbox-bank-link'),
            deps.now,
          ),
    cardTokenizer:
      config.cardTokenizer.provider === 'stripe' && config.cardTokenizer.stripe
        ? stripeCardTokenizer(config.cardTokenizer.stripe)
        : sandboxCardTokenizer(
            sandboxTokens(() => deps.secret('sandbox_identity'), 'sandbox-card-tokenizer'),
            deps.now,
          ),
    ach: nachaBox ? nachaFileAch(nacha, deps.now, nachaBox) : sandboxAch(config.ach.sandboxSettleDays, deps.now),
    achDebits: nachaBox
      ? nachaFileAchDebits(nacha, config.collections.returnWindowDays, deps.now, nachaBox)
      : sandboxAchDebits(config.collections.returnWindowDays),
    achFiles: nachaFileFormat(config.ach.odfiRoutingNumber),
    payrollFiles: payrollCsvFiles,
    address: config.address.provider === 'smarty' && config.address.smarty ? smartyAddressAutocomplete(config.address.smarty) : sandboxAddressAutocomplete(),
    payrollLink:
      config.payrollLink.provider === 'argyle' && config.payrollLink.argyle
        ? argylePayrollLink({ ...config.payrollLink.argyle, depositAccount: { ...config.collectionAccount, accountType: 'checking' } })
        : sandboxPayrollLink(
            sandboxTokens(() => deps.secret('sandbox_identity'), 'sandbox-payroll-link'),
            deps.now,
          ),
    creditBureau:
      config.creditBureau.provider === 'experian' && config.creditBureau.experian ? experianCreditBureau(config.creditBureau.experian) : sandboxCreditBureau(),
  };
}
