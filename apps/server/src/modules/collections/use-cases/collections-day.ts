import { bucketOf } from '@payrail/domain/collections/buckets';
import { inconvenientHourRefusal } from '@payrail/domain/collections/contact-limits';
import { noticeDue } from '@payrail/domain/collections/notices';
import type { NoticeDue } from '@payrail/domain/collections/notices';
import { moneyReceived, promiseOutcome } from '@payrail/domain/collections/promises';
import { timeZonesOfState } from '@payrail/domain/collections/time-zones';
import { addDays } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { borrowerContacts, ledgerOf } from '../../loan-book/loans';
import type { BorrowerContact } from '../../loan-book/collections-desk.repository';
import type { DelinquencyObservation } from '../../loan-book/use-cases/service-loan';
import { toDomainEntry } from '../../loan-book/use-cases/loan-position';
import { collectionsPolicyOf } from '../policy';
import type { DelinquencyRow, HistoryInsert, NoticeInsert } from '../repository';

const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** The notice texts (e-mail subject and body; the SMS carries the body). */
export function noticeText(
  n: NoticeDue,
  o: Pick<DelinquencyObservation, 'identifier' | 'pastDueCents' | 'nextPaymentCents'>,
): { subject: string; body: string } {
  if (n.kind === 'reminder') {
    return {
      subject: 'Your Payrail payment is coming up',
      body: `Reminder: your payment of ${formatUsd(cents(o.nextPaymentCents))} on loan ${o.identifier} is due on ${us(n.dueDate)}.`,
    };
  }
  return {
    subject: `Your Payrail loan is ${n.day} ${n.day === 1 ? 'day' : 'days'} past due`,
    body: `Your loan ${o.identifier} is ${n.day} ${n.day === 1 ? 'day' : 'days'} past due: ${formatUsd(o.pastDueCents)} has been due since ${us(n.dueDate)}. Please make a payment or call us to agree on a plan.`,
  };
}

/**
 * The collections part of the daily run for ONE business date, after the servicing of every loan
 * (docs/collections.md): (1) each serviced loan's days past due and bucket (a row per loan that has ever
 * been past due; a bucket change is kept as history); (2) promises to pay whose date has passed are kept
 * or broken; (3) reminder and past-due notices on the policy days, by e-mail and SMS, each logged once per
 * loan, delinquency, policy day and channel — not sent on a channel the borrower opted out of (logged as
 * such), and held to a later run when it is an inconvenient hour for the borrower.
 */
export async function runCollectionsDay(ctx: AppContext, date: IsoDate, observations: readonly DelinquencyObservation[]): Promise<void> {
  const repo = ctx.repos.collectionsDesk;
  const policy = collectionsPolicyOf(ctx);
  const at = ctx.now();

  // 1. Delinquency state and bucket history.
  const previous = await repo.states(observations.map((o) => o.loanId));
  const rows: DelinquencyRow[] = [];
  const transitions: HistoryInsert[] = [];
  for (const o of observations) {
    const bucket = bucketOf(o.daysPastDue);
    const prev = previous.get(o.loanId);
    if (!prev && bucket === 'current') continue; // never past due: nothing to record
    if (prev && prev.asOf > date) continue; // a later day is already recorded
    const changed = !prev || prev.bucket !== bucket;
    if (changed)
      transitions.push({ loanId: o.loanId, fromBucket: prev?.bucket ?? 'current', toBucket: bucket, onDate: date, daysPastDue: o.daysPastDue, createdAt: at });
    rows.push({
      loanId: o.loanId,
      asOf: date,
      daysPastDue: o.daysPastDue,
      bucket,
      bucketSince: changed ? date : prev.bucketSince,
      delinquentSince: o.daysPastDue > 0 ? addDays(date, -o.daysPastDue) : null,
      pastDueCents: o.pastDueCents,
      updatedAt: at,
    });
  }
  await repo.saveStates(rows, transitions);

  // 2. Promises to pay: decided the day after their date (or the first run after it).
  for (const p of await repo.openPromisesDueBefore(date)) {
    const entries = (await ledgerOf(ctx, p.loanId)).map(toDomainEntry);
    const received = moneyReceived(entries, date);
    const status = promiseOutcome({ madeOn: p.madeOn, promisedDate: p.promisedDate, amountCents: p.amountCents }, received, date);
    if (status === 'open') continue;
    const paid = received.filter((r) => r.date >= p.madeOn && r.date <= p.promisedDate).reduce((t, r) => t + r.amountCents, 0);
    await repo.decidePromise(p.id, status, date, cents(paid));
  }

  // 3. Notices on the policy days.
  const open = observations.filter((o) => o.status === 'opened' || o.status === 'default');
  const candidates = open.filter((o) => noticeDue(policy, o, date, new Set()) !== null);
  if (candidates.length === 0) return;
  const sent = await repo.pastDueNoticeDays(candidates.map((o) => o.loanId));
  const contacts = await borrowerContacts(
    ctx,
    candidates.map((o) => o.userId),
  );
  const notices: NoticeInsert[] = [];
  const outgoing = new Map<string, { contact: BorrowerContact; subject: string; body: string }>();
  for (const o of candidates) {
    const delinquentSince = o.daysPastDue > 0 ? addDays(date, -o.daysPastDue) : null;
    const notice = noticeDue(policy, o, date, (delinquentSince && sent.get(`${o.loanId}:${delinquentSince}`)) || new Set());
    const contact = contacts.get(o.userId);
    if (!notice || !contact) continue;
    // Regulation F's convenient hours apply to what the run sends too: held to a later run.
    if (inconvenientHourRefusal(policy, timeZonesOfState(contact.state), at)) continue;
    const text = noticeText(notice, o);
    for (const channel of policy.noticeChannels) {
      const row: NoticeInsert = {
        loanId: o.loanId,
        userId: o.userId,
        kind: notice.kind,
        noticeDay: notice.day,
        dueDate: notice.dueDate,
        channel,
        status: channelStatus(contact, channel),
        businessDate: date,
        message: text.body,
        createdAt: at,
      };
      notices.push(row);
      outgoing.set(noticeKey(row), { contact, subject: text.subject, body: text.body });
    }
  }
  // Logged first (once), then sent: at most once (a failed send is not retried).
  for (const n of await repo.logNotices(notices)) {
    const out = outgoing.get(noticeKey(n));
    if (!out || n.status !== 'sent') continue;
    if (n.channel === 'email')
      await ctx.providers.email
        .send({ to: out.contact.email, subject: out.subject, text: out.body, meta: { kind: 'collections', loanId: n.loanId } })
        .catch(() => undefined);
    else if (out.contact.phone)
      await ctx.providers.sms
        .send({ to: out.contact.phone, body: `Payrail: ${out.body} Reply STOP to opt out.`, meta: { kind: 'collections', loanId: n.loanId } })
        .catch(() => undefined);
  }
}

const noticeKey = (n: Pick<NoticeInsert, 'loanId' | 'kind' | 'dueDate' | 'noticeDay' | 'channel'>) =>
  `${n.loanId}|${n.kind}|${n.dueDate}|${n.noticeDay}|${n.channel}`;

/** Whether a notice may go on a channel: the borrower's opt-outs (E-SIGN withdrawn: no e-mail; SMS only with the text-messaging consent). */
export function channelStatus(contact: BorrowerContact, channel: 'email' | 'sms'): 'sent' | 'opted_out' | 'no_address' {
  if (channel === 'email') return contact.emailOptedOut ? 'opted_out' : 'sent';
  if (!contact.smsConsented) return 'opted_out';
  return contact.phone ? 'sent' : 'no_address';
}
