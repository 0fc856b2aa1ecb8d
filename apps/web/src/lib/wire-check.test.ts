import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCaptchaConfig, ZStatusRefused } from '@payrail/contract/identity';
import { ZLoanPurpose, ZState } from '@payrail/contract/reference';
import { ZBannerList, ZBenefits, ZNotification, ZNotificationList, ZTokenIsValidResponse } from '@payrail/contract/shell-reads';
import { LOAN_TYPES } from '@payrail/domain/loan/statuses';
import { BENEFIT_LEVELS } from '@payrail/domain/referral/rewards';
import type { ResponseSchema } from '@payrail/client/http-client';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { loanPurposesSchema } from '../api/get-loan-purposes';
import { statesSchema } from '../api/get-states';
import { captchaConfigSchema } from '../features/auth/api/get-captcha-config';
import { bannerListSchema } from '../features/banners/api/get-banners';
import { benefitsSchema } from '../features/benefits/api/get-benefits';
import { notificationListSchema, notificationSchema } from '../features/notifications/api/get-notifications';
import { tokenIsValidSchema } from '../features/session/api/get-session';
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

  it('the session check (ZTokenIsValidResponse)', () => {
    const borrower = { nelnet_id: null, first_name: 'Jordan', last_name: 'Lee', refer_code: 'JORDAN25', referred_by: null, state_id: 5, employer_id: null };
    const session = {
      id: 7,
      email: 'borrower@payrail.test',
      workflow_status: 'dropped',
      eligible_for_refinance: false,
      paid_off: false,
      has_loan: false,
      loan_type: 'new',
      refinancing: false,
      new_flow: false,
      feedback_rating: false,
      not_qualified_reason: null,
      has_nelnet: false,
      has_jack_henry: true,
      avatar: null,
      phone: '+15555550100',
      phone_confirmed: true,
      email_confirmed: true,
      loan_borrower: borrower,
    };
    const samples: unknown[] = [
      session,
      { ...session, extra: 'dropped', loan_borrower: { ...borrower, extra: 'dropped' } },
      { ...session, not_qualified_reason: 'income', avatar: 'a.png', phone: null, loan_borrower: { ...borrower, nelnet_id: 'N1', employer_id: 3 } },
      { ...session, id: 1.5 },
      { ...session, id: '7' },
      { ...session, email: null },
      { ...session, workflow_status: 'no_such_status' },
      { ...session, loan_type: 'old' },
      { ...session, paid_off: 'no' },
      { ...session, avatar: undefined },
      { ...session, loan_borrower: null },
      { ...session, loan_borrower: { ...borrower, state_id: 2.5 } },
      { ...session, loan_borrower: { ...borrower, employer_id: '3' } },
      { ...session, loan_borrower: { ...borrower, first_name: undefined } },
      [session],
      null,
      'session',
    ];
    for (const key of Object.keys(session)) samples.push({ ...session, [key]: undefined });
    for (const status of WORKFLOW_STATUSES) samples.push({ ...session, workflow_status: status });
    for (const type of LOAN_TYPES) samples.push({ ...session, loan_type: type });
    agrees(tokenIsValidSchema, ZTokenIsValidResponse, samples);
  });

  it('notifications (ZNotification, ZNotificationList)', () => {
    const note = { id: 1, status: 'unread', message: 'Your payment was received.', updated_at: '2026-11-30T10:00:00Z' };
    const samples: unknown[] = [
      note,
      { ...note, status: 'read', extra: 'dropped' },
      { ...note, status: 'archived' },
      { ...note, id: 1.5 },
      { ...note, message: null },
      { ...note, updated_at: 3 },
      { id: 1, status: 'unread', message: 'x' },
      [],
      null,
    ];
    agrees(notificationSchema, ZNotification, samples);
    agrees(notificationListSchema, ZNotificationList, [[], ...samples.map((sample) => [sample]), [note, note], { notifications: [note] }, null]);
  });

  it('banners (ZBannerList)', () => {
    const link = {
      url: '/art.svg',
      is_mobile: false,
      title: 'Refer a friend',
      text: 'Earn rewards.',
      action: { kind: 'link', label: 'Refer', href: '/dashboard/referral' },
    };
    const copy = { ...link, is_mobile: true, action: { kind: 'copy_referral_code', label: 'Copy my referral code', code: 'JORDAN25' } };
    agrees(bannerListSchema, ZBannerList, [
      [],
      [link, copy],
      [{ ...link, action: null, extra: 'dropped' }],
      [{ ...link, action: { ...link.action, code: 'dropped' } }],
      [{ ...copy, action: { ...copy.action, href: 'dropped' } }],
      [{ ...link, action: { kind: 'copy_referral_code', label: 'x', href: '/y' } }],
      [{ ...link, action: { kind: 'link', label: 'x', code: 'Y' } }],
      [{ ...link, action: { kind: 'call', label: 'x', href: '/y' } }],
      [{ ...link, action: { label: 'x', href: '/y' } }],
      [{ ...link, action: { kind: 'link', href: '/y' } }],
      [{ ...link, action: undefined }],
      [{ ...link, action: 'link' }],
      [{ ...link, is_mobile: 'yes' }],
      [{ ...link, title: null }],
      [{ ...link, url: undefined }],
      [null],
      { banners: [link] },
      null,
    ]);
  });

  it('benefits (ZBenefits)', () => {
    const samples: unknown[] = [
      { level: 'silver', color: '#c0c0c0', read: false },
      { level: 'gold', color: '', read: true, extra: 'dropped' },
      { level: 'platinum', color: '#fff', read: false },
      { level: 'gold', color: null, read: false },
      { level: 'gold', color: '#fff', read: 'no' },
      { level: 'gold', color: '#fff' },
      [],
      null,
    ];
    for (const level of BENEFIT_LEVELS) samples.push({ level, color: '#000', read: true });
    agrees(benefitsSchema, ZBenefits, samples);
  });
});
