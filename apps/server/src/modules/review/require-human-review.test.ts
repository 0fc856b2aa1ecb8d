import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The server fails closed to production; these tests read the development defaults unless they say otherwise. */
const devConfig = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'development', ...env });

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('REQUIRE_HUMAN_REVIEW', () => {
  it('lets the automated decision act outside production and waits for an underwriter in production', () => {
    expect(devConfig({}).requireHumanReview).toBe(false);
    expect(devConfig({ NODE_ENV: 'test' }).requireHumanReview).toBe(false);
    expect(devConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, ALLOW_SANDBOX_PROVIDERS: 'true' }).requireHumanReview).toBe(true);
  });

  it('takes an explicit true/false (or 1/0) and refuses anything else at boot', () => {
    expect(devConfig({ REQUIRE_HUMAN_REVIEW: 'true' }).requireHumanReview).toBe(true);
    expect(devConfig({ REQUIRE_HUMAN_REVIEW: '0' }).requireHumanReview).toBe(false);
    expect(devConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, ALLOW_SANDBOX_PROVIDERS: 'true', REQUIRE_HUMAN_REVIEW: 'false' }).requireHumanReview).toBe(
      false,
    );
    expect(() => devConfig({ REQUIRE_HUMAN_REVIEW: 'sometimes' })).toThrow(ConfigError);
    expect(() => devConfig({ REQUIRE_HUMAN_REVIEW: 'sometimes' })).toThrow(/REQUIRE_HUMAN_REVIEW/);
  });
});
