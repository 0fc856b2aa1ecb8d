/**
 * Contact limits as Regulation F frames them (docs/collections.md), pure: the call-frequency presumption of
 * 12 CFR 1006.14(b)(2) — at most N call attempts per debt within any N consecutive days, and none within N
 * days after a telephone conversation — and convenient hours (§1006.6(b)(1)(i): not before 8 a.m. nor at or
 * after 9 p.m. local time, in every zone the borrower may be in). The window is a rolling 24-hour-days
 * window ending at the new attempt: it holds every attempt a calendar-day count would, and more.
 */
import type { CollectionsPolicy } from './policy';
import { localTime } from './time-zones';

const DAY_MS = 86_400_000;

/** Contact channels a collector logs. Only `call` counts toward the call-frequency limit. */
export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'letter'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Outcomes of a contact attempt. */
export const CONTACT_OUTCOMES = [
  'no_answer',
  'left_message',
  'spoke_with_borrower',
  'promise_to_pay',
  'refused_to_pay',
  'disputed',
  'wrong_number',
  'sent',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** Outcomes that are a telephone conversation with the borrower (they start the quiet period). */
export const CONVERSATION_OUTCOMES: ReadonlySet<ContactOutcome> = new Set(['spoke_with_borrower', 'promise_to_pay', 'refused_to_pay', 'disputed']);

/** An attempt already made (what the rules read of it). */
export interface PastAttempt {
  readonly channel: ContactChannel;
  readonly outcome: ContactOutcome;
  readonly at: Date;
}

export type ContactRefusal =
  | { readonly kind: 'call_limit'; readonly attempts: number; readonly nextAllowedAt: Date }
  | { readonly kind: 'after_conversation'; readonly conversationAt: Date; readonly nextAllowedAt: Date }
  | { readonly kind: 'inconvenient_hour'; readonly zone: string; readonly localHour: number; readonly localMinute: number };

/** Why an attempt at `at` would break the call-frequency rules, else null (only calls are limited). */
export function callFrequencyRefusal(policy: CollectionsPolicy, past: readonly PastAttempt[], channel: ContactChannel, at: Date): ContactRefusal | null {
  if (channel !== 'call') return null;
  const { maxAttempts, windowDays } = policy.callFrequency;
  const windowStart = at.getTime() - windowDays * DAY_MS;
  const calls = past
    .filter((a) => a.channel === 'call' && a.at.getTime() >= windowStart && a.at.getTime() <= at.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (calls.length >= maxAttempts) {
    // The next call is allowed once enough of these have left the window.
    const leaving = calls[calls.length - maxAttempts]!;
    return { kind: 'call_limit', attempts: calls.length, nextAllowedAt: new Date(leaving.at.getTime() + windowDays * DAY_MS + 1) };
  }
  if (policy.quietDaysAfterConversation > 0) {
    const quietStart = at.getTime() - policy.quietDaysAfterConversation * DAY_MS;
    const talks = past.filter(
      (a) => a.channel === 'call' && CONVERSATION_OUTCOMES.has(a.outcome) && a.at.getTime() >= quietStart && a.at.getTime() <= at.getTime(),
    );
    const last = talks.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    if (last)
      return {
        kind: 'after_conversation',
        conversationAt: last.at,
        nextAllowedAt: new Date(last.at.getTime() + policy.quietDaysAfterConversation * DAY_MS + 1),
      };
  }
  return null;
}

/** Why `at` is an inconvenient time in one of `zones`, else null. Applies to every channel a person sends now. */
export function inconvenientHourRefusal(policy: CollectionsPolicy, zones: readonly string[], at: Date): ContactRefusal | null {
  const { earliestHour, latestHour } = policy.contactHours;
  for (const zone of zones) {
    const t = localTime(at, zone);
    if (t.hour < earliestHour || t.hour >= latestHour) return { kind: 'inconvenient_hour', zone, localHour: t.hour, localMinute: t.minute };
  }
  return null;
}

/**
 * The one check a logged attempt passes: convenient hours (a call, a text, an e-mail sent now), then the
 * call-frequency rules. Null when allowed. A letter has no hour.
 */
export function contactRefusal(
  policy: CollectionsPolicy,
  past: readonly PastAttempt[],
  attempt: { channel: ContactChannel; at: Date; zones: readonly string[] },
): ContactRefusal | null {
  if (attempt.channel !== 'letter') {
    const hour = inconvenientHourRefusal(policy, attempt.zones, attempt.at);
    if (hour) return hour;
  }
  return callFrequencyRefusal(policy, past, attempt.channel, attempt.at);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The message a collector reads when the attempt is refused. */
export function contactRefusalMessage(policy: CollectionsPolicy, r: ContactRefusal): string {
  switch (r.kind) {
    case 'call_limit':
      return `Call refused: ${r.attempts} call attempts were already made on this loan in the last ${policy.callFrequency.windowDays} days (the limit is ${policy.callFrequency.maxAttempts}). The next call is allowed after ${r.nextAllowedAt.toISOString()}.`;
    case 'after_conversation':
      return `Call refused: you spoke with the borrower about this loan at ${r.conversationAt.toISOString()}; no call for ${policy.quietDaysAfterConversation} days after a conversation (until ${r.nextAllowedAt.toISOString()}).`;
    case 'inconvenient_hour':
      return `Contact refused: it is ${two(r.localHour)}:${two(r.localMinute)} for the borrower (${r.zone}); contact is allowed from ${two(policy.contactHours.earliestHour)}:00 to ${two(policy.contactHours.latestHour)}:00 their time.`;
  }
}
