import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The server fails closed to production; these tests read the development defaults unless they say otherwise. */
const devConfig = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'development', ...env });

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const c = devConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.seedDemo).toBe(true);
  });

  it('resolves a relative DATA_DIR against the directory npm was run from', () => {
    expect(devConfig({ INIT_CWD: '/srv/payrail', DATA_DIR: './data' }).dataDir).toBe('/srv/payrail/data');
  });

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const c = devConfig({ PORT: '4100', DATA_DIR: '/tmp/payrail-x', DATABASE_URL: 'postgres://localhost:5432/test' });
    expect(c).toMatchObject({ port: 4100, dataDir: '/tmp/payrail-x', databaseUrl: 'postgres://localhost:5432/test' });
  });

  it('fails closed: without NODE_ENV it is production and needs an encryption key', () => {
    expect(() => loadConfig({})).toThrow(/ENCRYPTION_KEY/);
    expect(loadConfig({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), ALLOW_SANDBOX_PROVIDERS: 'true' }).env).toBe('production');
  });

  it('refuses sandbox providers in production, naming each, unless the install says it is staging', () => {
    const message = (() => {
      try {
        loadConfig({ ENCRYPTION_KEY: KEY });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    for (const name of [
      'EMAIL_PROVIDER',
      'SMS_PROVIDER',
      'IDENTITY_PROVIDER',
      'CAPTCHA_PROVIDER',
      'BANK_LINK_PROVIDER',
      'CARD_TOKENIZER_PROVIDER',
      'ACH_PROVIDER',
      'PAYROLL_LINK_PROVIDER',
      'CREDIT_BUREAU_PROVIDER',
      'ROUTING_DIRECTORY_FILE',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('ADDRESS_PROVIDER');
    const real = {
      ENCRYPTION_KEY: KEY,
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+12025550100',
      IDENTITY_PROVIDER: 'google',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 's',
      RECAPTCHA_SECRET_KEY: 's',
      BANK_LINK_PROVIDER: 'plaid',
      PLAID_CLIENT_ID: 'p',
      PLAID_SECRET: 'p',
      CARD_TOKENIZER_PROVIDER: 'stripe',
      STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_SECRET_KEY: 'sk',
      ACH_PROVIDER: 'nacha',
      ROUTING_DIRECTORY_FILE: '/srv/FedACHdir.txt',
      ACH_TRANSMITTER: 'sftp',
      ACH_SFTP_HOST: 'sftp.bank.example',
      ACH_SFTP_USERNAME: 'payrail',
      ACH_SFTP_PRIVATE_KEY_FILE: '/srv/keys/ach_ed25519',
      ACH_SFTP_HOST_KEY_SHA256: `SHA256:${'A'.repeat(43)}`,
      PAYROLL_LINK_PROVIDER: 'argyle',
      ARGYLE_API_KEY_ID: 'k',
      ARGYLE_API_KEY_SECRET: 's',
      CREDIT_BUREAU_PROVIDER: 'experian',
      EXPERIAN_CLIENT_ID: 'c',
      EXPERIAN_CLIENT_SECRET: 's',
      EXPERIAN_USERNAME: 'u',
      EXPERIAN_PASSWORD: 'p',
      EXPERIAN_SUBSCRIBER_CODE: '1234567',
    };
    expect(loadConfig(real).env).toBe('production');
    expect(loadConfig(real).creditBureau).toEqual({
      provider: 'experian',
      experian: { baseUrl: 'https://sandbox-us-api.experian.com', clientId: 'c', clientSecret: 's', username: 'u', password: 'p', subscriberCode: '1234567' },
    });
    expect(() => loadConfig({ ...real, CREDIT_BUREAU_PROVIDER: 'sandbox' })).toThrow(/configure CREDIT_BUREAU_PROVIDER \(or set/);
    expect(() => loadConfig({ ...real, EXPERIAN_PASSWORD: '' })).toThrow(
      /EXPERIAN_PASSWORD and EXPERIAN_SUBSCRIBER_CODE are required when CREDIT_BUREAU_PROVIDER=experian/,
    );
    expect(() => loadConfig({ ...real, EXPERIAN_BASE_URL: 'http://bureau.example.com' })).toThrow(/EXPERIAN_BASE_URL must be an https:\/\/ URL/);
    expect(() => loadConfig({ ...real, ACH_PROVIDER: 'sandbox' })).toThrow(/configure ACH_PROVIDER \(or set ALLOW_SANDBOX_PROVIDERS=true/);
    expect(() => loadConfig({ ...real, ACH_TRANSMITTER: 'sandbox' })).toThrow(/production cannot transmit NACHA files to the sandbox bank inbox/);
    expect(() => loadConfig({ ...real, ACH_SFTP_HOST_KEY_SHA256: undefined })).toThrow(/ACH_SFTP_HOST_KEY_SHA256 .* are required when ACH_TRANSMITTER=sftp/);
    expect(loadConfig({ ENCRYPTION_KEY: KEY, ALLOW_SANDBOX_PROVIDERS: 'true' }).bankLink.provider).toBe('sandbox');
    expect(devConfig({}).bankLink.provider).toBe('sandbox');
  });

  it('never seeds demo staff in production', () => {
    expect(devConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, ALLOW_SANDBOX_PROVIDERS: 'true' }).seedDemo).toBe(false);
  });

  it('names every bad variable in one clear error', () => {
    expect(() => devConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(ConfigError);
    try {
      devConfig({ PORT: 'eighty', NODE_ENV: 'staging', EMAIL_PROVIDER: 'smtp' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/NODE_ENV/);
    }
    expect(() => devConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL is required/);
  });

  it('defaults borrower sessions to 30 idle minutes and 24 hours, with sandbox identity and captcha', () => {
    const c = devConfig({});
    expect(c.session).toEqual({ idleMinutes: 30, absoluteHours: 24 });
    expect(c.identity).toEqual({ provider: 'sandbox', googleClientId: undefined });
    expect(c.captcha).toMatchObject({ provider: 'sandbox', sandboxFail: false, minScore: 0.5 });
    expect(c.supportEmail).toBe('support@payrail.test');
    expect(devConfig({ CAPTCHA_SANDBOX_FAIL: 'true' }).captcha.sandboxFail).toBe(true);
  });

  it('requires the credentials of the real identity provider and captcha', () => {
    expect(() => devConfig({ IDENTITY_PROVIDER: 'google' })).toThrow(/GOOGLE_CLIENT_ID is required/);
    expect(devConfig({ IDENTITY_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }).identity.googleClientId).toBe(
      'abc.apps.googleusercontent.com',
    );
    expect(() => devConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site' })).toThrow(/RECAPTCHA_SECRET_KEY are required/);
    expect(() => devConfig({ SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_HOURS: '1' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => devConfig({ IDENTITY_PROVIDER: 'facebook' })).toThrow(/IDENTITY_PROVIDER/);
  });

  it('needs a 32-byte ENCRYPTION_KEY in production and generates one elsewhere', () => {
    expect(() => devConfig({ NODE_ENV: 'production' })).toThrow(/ENCRYPTION_KEY is required in production/);
    expect(devConfig({}).encryptionKey).toBeUndefined();
    expect(devConfig({ ENCRYPTION_KEY: KEY }).encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64url'), ALLOW_SANDBOX_PROVIDERS: 'true' }).encryptionKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(() => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
    expect(() => devConfig({ ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
  });

  it('reads ENCRYPTION_KEYS_PREVIOUS as comma-separated 32-byte keys (key rotation)', () => {
    expect(devConfig({}).encryptionKeysPrevious).toEqual([]);
    expect(devConfig({ ENCRYPTION_KEYS_PREVIOUS: '' }).encryptionKeysPrevious).toEqual([]);
    const b = Buffer.alloc(32, 9).toString('base64url');
    expect(devConfig({ ENCRYPTION_KEYS_PREVIOUS: `${KEY}, ${b}` }).encryptionKeysPrevious).toEqual([Buffer.alloc(32, 7), Buffer.alloc(32, 9)]);
    expect(() => devConfig({ ENCRYPTION_KEYS_PREVIOUS: `${KEY},` })).toThrow(/ENCRYPTION_KEYS_PREVIOUS must be/);
    expect(() => devConfig({ ENCRYPTION_KEYS_PREVIOUS: Buffer.alloc(16).toString('base64') })).toThrow(/ENCRYPTION_KEYS_PREVIOUS must be/);
  });

  it('stores files on local disk unless S3 is configured in full', () => {
    expect(devConfig({}).storage).toEqual({ provider: 'local', s3: undefined });
    expect(() => devConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' })).toThrow(/S3_SECRET_ACCESS_KEY are required/);
    expect(() => devConfig({ STORAGE_PROVIDER: 'gcs' })).toThrow(/STORAGE_PROVIDER/);
    expect(() => devConfig({ S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(/S3_ENDPOINT/);
    const s3 = {
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'docs',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
      S3_ENDPOINT: 'http://minio:9000',
    };
    expect(devConfig(s3).storage).toEqual({
      provider: 's3',
      s3: { bucket: 'docs', region: 'us-east-1', endpoint: 'http://minio:9000', accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
  });
});
