/**
 * The collections policy as DATA (docs/collections.md): notice days, contact limits as Regulation F
 * (12 CFR 1006.14(b), 1006.6(b)(1)(i)) frames them, promise-to-pay limits and the charge-off day. The rules
 * of this folder read a policy; none of these numbers is written in the logic.
 */

/** The channels a reminder or past-due notice can go by. */
export const NOTICE_CHANNELS = ['email', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export interface CollectionsPolicy {
  /** Days BEFORE a due date on which a payment reminder goes out (a loan with nothing past due). */
  readonly reminderDaysBeforeDue: readonly number[];
  /** Days past due on which a past-due notice goes out (ascending; each at most once per delinquency). */
  readonly pastDueNoticeDays: readonly number[];
  /** Channels notices go by (each respects the borrower's opt-outs). */
  readonly noticeChannels: readonly NoticeChannel[];
  /** Call attempts: at most `maxAttempts` within any `windowDays` consecutive days, per debt (§1006.14(b)(2)(i)(A)). */
  readonly callFrequency: { readonly maxAttempts: number; readonly windowDays: number };
  /** No call within this many days after a telephone conversation about the debt (§1006.14(b)(2)(i)(B)); 0 turns it off. */
  readonly quietDaysAfterConversation: number;
  /** Convenient hours in the borrower's local time: from `earliestHour`:00 to `latestHour`:00 (exclusive) (§1006.6(b)(1)(i)). */
  readonly contactHours: { readonly earliestHour: number; readonly latestHour: number };
  /** A promise to pay: its date within `maxDaysAhead` days of today, amount at least `minCents`. */
  readonly promise: { readonly maxDaysAhead: number; readonly minCents: number };
  /** Days past due at which the loan is charged off (the config's SERVICING_CHARGE_OFF_DAYS). */
  readonly chargeOffDays: number;
}

export const DEFAULT_COLLECTIONS_POLICY: CollectionsPolicy = {
  reminderDaysBeforeDue: [3],
  pastDueNoticeDays: [1, 15, 30, 60, 90],
  noticeChannels: ['email', 'sms'],
  callFrequency: { maxAttempts: 7, windowDays: 7 },
  quietDaysAfterConversation: 7,
  contactHours: { earliestHour: 8, latestHour: 21 },
  promise: { maxDaysAhead: 30, minCents: 100 },
  chargeOffDays: 120,
};

/** The default policy with the charge-off day of the configuration. */
export function collectionsPolicy(chargeOffDays: number, base: CollectionsPolicy = DEFAULT_COLLECTIONS_POLICY): CollectionsPolicy {
  return { ...base, chargeOffDays, pastDueNoticeDays: base.pastDueNoticeDays.filter((d) => d < chargeOffDays) };
}
