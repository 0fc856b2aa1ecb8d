import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCaptchaConfig, ZStatusRefused } from '@payrail/contract/identity';
import { ZLoanPurpose, ZState } from '@payrail/contract/reference';
import type { ResponseSchema } from '@payrail/client/http-client';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { loanPurposesSchema } from '../api/get-loan-purposes';
import { statesSchema } from '../api/get-states';
import { captchaConfigSchema } from '../features/auth/api/get-captcha-config';
import { statusRefusedSchema } from '../features/workflow/api/change-status';

/** A hand-written check accepts what the contract's schema accepts, answers the same value, and refuses the rest. */
function agrees<T>(check: ResponseSchema<T>, schema: z.ZodType<T>, samples: unknown[]) {
  for (const sample of samples) {
    const expected = schema.safeParse(sample);
    if (expected.success) expect(check.parse(sample), JSON.stringify(sample)).toEqual(expected.data);
    else expect(() => check.parse(sample), JSON.stringify(sample)).toThrow();
  }
}

const state = { id: 1, name: 'Alabama', abbreviation: 'AL', is_available: true };

describe('hand-written answer checks agree with the contract', () => {
  it('states (z.array(ZState))', () => {
    agrees(statesSchema, z.array(ZState), [
      [],
      [state],
      [state, { ...state, id: 4, is_available: false, extra: 'dropped' }],
      [{ ...state, id: 1.5 }],
      [{ ...state, id: '1' }],
      [{ ...state, id: 2 ** 53 }],
      [{ ...state, abbreviation: 'ALA' }],
      [{ ...state, abbreviation: 'A' }],
      [{ ...state, name: null }],
      [{ ...state, is_available: 'yes' }],
      [{ id: 1, name: 'Alabama', abbreviation: 'AL' }],
      [null],
      [[state]],
      { states: [state] },
      null,
      'states',
    ]);
  });

  it('loan purposes (z.array(ZLoanPurpose))', () => {
    const purpose = { id: 3, name: 'Debt consolidation' };
    agrees(loanPurposesSchema, z.array(ZLoanPurpose), [
      [],
      [purpose],
      [purpose, { id: 4, name: '', extra: 'dropped' }],
      [{ ...purpose, id: 1.5 }],
      [{ ...purpose, id: '3' }],
      [{ ...purpose, id: 2 ** 53 }],
      [{ ...purpose, id: -2 }],
      [{ ...purpose, name: null }],
      [{ ...purpose, name: 7 }],
      [{ id: 3 }],
      [{ name: 'Car' }],
      [null],
      [[purpose]],
      { loan_purposes: [purpose] },
      null,
      'purposes',
    ]);
  });

  it('captcha config (ZCaptchaConfig)', () => {
    agrees(captchaConfigSchema, ZCaptchaConfig, [
      { provider: 'sandbox', site_key: null },
      { provider: 'recaptcha', site_key: 'key', more: 1 },
      { provider: 'recaptcha' },
      { provider: 'hcaptcha', site_key: null },
      { provider: 'sandbox', site_key: 3 },
      { site_key: null },
      [],
      null,
    ]);
  });

  it('a refused workflow move (ZStatusRefused)', () => {
    const samples: unknown[] = [
      { error: 'Not allowed from here', current_status: 'about_yourself' },
      { error: '', current_status: 'job_info', more: true },
      { error: 'x', current_status: 'no_such_status' },
      { error: 'x', current_status: 'About_yourself' },
      { error: 'x', current_status: null },
      { error: 'x' },
      { current_status: 'about_yourself' },
      { error: 3, current_status: 'about_yourself' },
      { errors: { base: ['x'] } },
      [],
      'refused',
      null,
      undefined,
    ];
    for (const status of WORKFLOW_STATUSES) samples.push({ error: 'x', current_status: status });
    agrees(statusRefusedSchema, ZStatusRefused, samples);
  });
});
