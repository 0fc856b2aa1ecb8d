import { COLLECTIONS_MSG, QUEUE_BUCKETS } from '@payrail/contract/collections';
import type {
  TCollectionsLoan,
  TCollectionsQueue,
  TCollectionsQueueQuery,
  TLogContactRequest,
  TNoteRequest,
  TPromiseRequest,
} from '@payrail/contract/collections';
import type { TStaffMember } from '@payrail/contract/staff';
import { bucketOf } from '@payrail/domain/collections/buckets';
import { contactRefusal, contactRefusalMessage } from '@payrail/domain/collections/contact-limits';
import { promiseProblems } from '@payrail/domain/collections/promises';
import { timeZonesOfState } from '@payrail/domain/collections/time-zones';
import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { borrowerContacts, collectionsBucketCounts, collectionsLoanHeader, collectionsQueuePage, findLoan } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { loanState } from '../../loan-book/use-cases/loan-position';
import { businessDate } from '../../loan-book/servicing-policy';
import { collectionsPolicyOf } from '../policy';
import { ContactRefused } from '../repository';

const DAY_MS = 86_400_000;
const nameOf = (h: { firstName: string | null; lastName: string | null }) => [h.firstName, h.lastName].filter(Boolean).join(' ') || '(no name on file)';

/** GET /collections/queue: counts per bucket and one keyset page of the loans past due, most days past due first. */
export async function collectionsQueue(ctx: AppContext, q: TCollectionsQueueQuery): Promise<TCollectionsQueue> {
  const [dpd, id] = q.cursor ? q.cursor.split('.').map(Number) : [];
  const after = q.cursor ? { daysPastDue: dpd!, loanId: id! } : null;
  const [counts, rows] = await Promise.all([
    collectionsBucketCounts(ctx),
    collectionsQueuePage(ctx, { bucket: q.bucket ?? null, after, limit: q.per_page + 1 }),
  ]);
  const page = rows.slice(0, q.per_page);
  const last = page[page.length - 1];
  return {
    counts: Object.fromEntries(QUEUE_BUCKETS.map((b) => [b, counts[b] ?? 0])),
    items: page.map((r) => ({
      loan_id: r.loanId,
      loan_number: r.identifier,
      loan_status: r.status,
      borrower_name: nameOf(r),
      days_past_due: r.daysPastDue,
      bucket: r.bucket as TCollectionsQueue['items'][number]['bucket'],
      in_bucket_since: r.bucketSince,
      past_due_amount: r.pastDueCents,
      last_contact: r.lastContactAt
        ? { at: new Date(r.lastContactAt).toISOString(), channel: r.lastContactChannel as 'call', outcome: r.lastContactOutcome as 'sent' }
        : null,
      open_promise: r.promiseDate ? { promised_date: r.promiseDate, amount: r.promiseCents ?? 0 } : null,
    })),
    next_cursor: rows.length > q.per_page && last ? `${last.daysPastDue}.${last.loanId}` : null,
  };
}

async function headerOr404(ctx: AppContext, loanId: number) {
  const header = await collectionsLoanHeader(ctx, loanId);
  if (!header || header.status === 'pending') throw AppError.notFound(COLLECTIONS_MSG.loanNotFound);
  return header;
}

/** GET /collections/loans/:loanId: the loan's delinquency, contacts, promises, notes, notices and bucket history. */
export async function collectionsLoan(ctx: AppContext, loanId: number): Promise<TCollectionsLoan> {
  const header = await headerOr404(ctx, loanId);
  const loan = (await findLoan(ctx, loanId))!;
  const today = await businessDate(ctx);
  const policy = collectionsPolicyOf(ctx);
  const repo = ctx.repos.collectionsDesk;
  const [state, position, contactMap, contacts, promises, notes, notices, history] = await Promise.all([
    repo.state(loanId),
    loanState(ctx, loan, today).then((s) => s.position),
    borrowerContacts(ctx, [header.userId]),
    repo.contacts(loanId),
    repo.promises(loanId),
    repo.notes(loanId),
    repo.notices(loanId),
    repo.history(loanId),
  ]);
  const contact = contactMap.get(header.userId);
  const now = ctx.now().getTime();
  const windowStart = now - policy.callFrequency.windowDays * DAY_MS;
  const co = position.chargeOff;
  const pastDue = position.ledger.pastDue.reduce((t, i) => t + i.feeCents + i.interestCents + i.principalCents, 0);
  return {
    loan_id: loanId,
    loan_number: header.identifier,
    loan_status: header.status,
    borrower_name: nameOf(header),
    state: contact?.state ?? null,
    time_zones: [...timeZonesOfState(contact?.state)],
    business_date: today,
    days_past_due: position.daysPastDue,
    bucket: bucketOf(position.daysPastDue),
    in_bucket_since: state && state.bucket === bucketOf(position.daysPastDue) ? state.bucketSince : null,
    past_due_amount: co ? co.recoverableCents : pastDue,
    payoff_amount: position.outstandingCents,
    charge_off: co ? { date: co.date, charged_off: co.chargedOffCents, recovered: co.recoveredCents, recoverable: co.recoverableCents } : null,
    calls_in_window: contacts.filter((c) => c.row.channel === 'call' && c.row.at.getTime() >= windowStart && c.row.at.getTime() <= now).length,
    call_limit: policy.callFrequency.maxAttempts,
    contacts: contacts.map((c) => ({
      id: c.row.id,
      at: c.row.at.toISOString(),
      channel: c.row.channel,
      outcome: c.row.outcome,
      note: c.row.note,
      staff_name: c.staffName,
    })),
    promises: promises.map((p) => ({
      id: p.row.id,
      made_on: p.row.madeOn,
      promised_date: p.row.promisedDate,
      amount: p.row.amountCents,
      status: p.row.status,
      decided_on: p.row.decidedOn,
      received: p.row.receivedCents,
      staff_name: p.staffName,
    })),
    notes: notes.map((n) => ({ id: n.row.id, at: n.row.at.toISOString(), body: n.row.body, staff_name: n.staffName })),
    notices: notices.map((n) => ({
      id: n.id,
      kind: n.kind,
      notice_day: n.noticeDay,
      due_date: n.dueDate,
      channel: n.channel,
      status: n.status,
      business_date: n.businessDate,
    })),
    bucket_history: history.map((h) => ({ from: h.fromBucket, to: h.toBucket, on: h.onDate, days_past_due: h.daysPastDue })),
  };
}

/**
 * POST /collections/loans/:loanId/contacts: logs a contact attempt — refused (422, nothing written) when
 * it is an inconvenient hour for the borrower or would break the call-frequency limits (Regulation F).
 * Checked and written under the loan's collections lock, so parallel attempts cannot all slip through.
 */
export async function logContact(ctx: AppContext, staff: TStaffMember, loanId: number, body: TLogContactRequest): Promise<TCollectionsLoan> {
  const header = await headerOr404(ctx, loanId);
  const policy = collectionsPolicyOf(ctx);
  const contact = (await borrowerContacts(ctx, [header.userId])).get(header.userId);
  const zones = timeZonesOfState(contact?.state);
  const at = ctx.now();
  const lookback = Math.max(policy.callFrequency.windowDays, policy.quietDaysAfterConversation);
  try {
    await ctx.repos.collectionsDesk.logContact(
      loanId,
      new Date(at.getTime() - lookback * DAY_MS),
      (past) => {
        const refusal = contactRefusal(policy, past, { channel: body.channel, at, zones });
        if (refusal) throw new ContactRefused(contactRefusalMessage(policy, refusal));
      },
      { loanId, staffUserId: staff.id, channel: body.channel, outcome: body.outcome, note: body.note || null, at },
      (row) => ({
        staffUserId: staff.id,
        action: 'collection_contact_logged',
        targetUserId: header.userId,
        before: {},
        after: { loan_id: loanId, contact_id: row.id, channel: row.channel, outcome: row.outcome },
        at,
      }),
    );
  } catch (err) {
    if (err instanceof ContactRefused) throw new AppError('validation', err.message);
    throw err;
  }
  return collectionsLoan(ctx, loanId);
}

/** POST /collections/loans/:loanId/promises: a promise to pay (date within the policy's days, amount ≤ what is owed); one open at a time. */
export async function recordPromise(ctx: AppContext, staff: TStaffMember, loanId: number, body: TPromiseRequest): Promise<TCollectionsLoan> {
  const header = await headerOr404(ctx, loanId);
  const loan = (await findLoan(ctx, loanId))!;
  const today = await businessDate(ctx);
  const policy = collectionsPolicyOf(ctx);
  let promised;
  try {
    promised = parseIsoDate(body.promised_date);
  } catch {
    throw AppError.fields({ promised_date: ['Enter a real date as YYYY-MM-DD.'] });
  }
  const { position } = await loanState(ctx, loan, today);
  const owed = position.chargeOff ? position.chargeOff.recoverableCents : position.outstandingCents;
  const problems = promiseProblems(policy, { promisedDate: promised, amountCents: cents(body.amount) }, today, owed);
  if (problems.length) throw new AppError('validation', problems.join(' '));
  const open = await ctx.repos.collectionsDesk.openPromise(loanId);
  if (open) throw new AppError('conflict', COLLECTIONS_MSG.promiseOpen(open.promisedDate));
  const at = ctx.now();
  const row = await ctx.repos.collectionsDesk.insertPromise(
    { loanId, staffUserId: staff.id, madeOn: today, promisedDate: promised, amountCents: cents(body.amount), createdAt: at },
    (p) => ({
      staffUserId: staff.id,
      action: 'promise_to_pay_recorded',
      targetUserId: header.userId,
      before: {},
      after: { loan_id: loanId, promise_id: p.id, promised_date: p.promisedDate, amount_cents: p.amountCents },
      at,
    }),
  );
  if (!row) throw new AppError('conflict', COLLECTIONS_MSG.promiseOpen((await ctx.repos.collectionsDesk.openPromise(loanId))?.promisedDate ?? promised));
  return collectionsLoan(ctx, loanId);
}

/** POST /collections/loans/:loanId/notes */
export async function addNote(ctx: AppContext, staff: TStaffMember, loanId: number, body: TNoteRequest): Promise<TCollectionsLoan> {
  const header = await headerOr404(ctx, loanId);
  const at = ctx.now();
  await ctx.repos.collectionsDesk.insertNote({ loanId, staffUserId: staff.id, body: body.body, at }, (id) => ({
    staffUserId: staff.id,
    action: 'collection_note_added',
    targetUserId: header.userId,
    before: {},
    after: { loan_id: loanId, note_id: id },
    at,
  }));
  return collectionsLoan(ctx, loanId);
}
