import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agreementDocuments,
  applicationMembers,
  collectionContacts,
  consentWithdrawals,
  loanBorrowers,
  loanDelinquency,
  loans,
  promisesToPay,
  states,
  userAgreements,
} from '../../db/schema/index';

/** The E-SIGN consent (e-mail) and the text-messaging consent (SMS), by agreement name (docs/borrower-care.md). */
export const ELECTRONIC_CONSENT_NAME = 'consent_eletronic_comunications';
export const TEXT_MESSAGING_CONSENT_NAME = 'consent_text_messaging';

/** How a borrower may be reached, and what they opted out of. */
export type BorrowerContact = {
  userId: number;
  email: string;
  phone: string | null;
  /** Two-letter state of the borrower's address (null when unknown). */
  state: string | null;
  /** A standing withdrawal of the E-SIGN consent: no e-mail (paper only). */
  emailOptedOut: boolean;
  /** Text messages need the consent accepted and not withdrawn. */
  smsConsented: boolean;
};

export type QueueRow = {
  loanId: number;
  identifier: string;
  status: string;
  firstName: string | null;
  lastName: string | null;
  daysPastDue: number;
  bucket: string;
  bucketSince: string;
  pastDueCents: number;
  lastContactAt: Date | null;
  lastContactChannel: string | null;
  lastContactOutcome: string | null;
  promiseDate: string | null;
  promiseCents: number | null;
};

/** The loans the collections desk works: funded loans still open, in default, or charged off (recoveries). */
const WORKED = sql`${loans.status} in ('opened', 'default', 'charge_off')`;

/**
 * The loan book's reads for the collections desk (modules/collections): a borrower's contact facts and
 * opt-outs, the queue by bucket (keyset pages) and its counts. Read-only; the desk writes its own tables.
 */
export function collectionsDeskReads(db: Db) {
  return {
    contacts: async (userIds: readonly number[]): Promise<Map<number, BorrowerContact>> => {
      const out = new Map<number, BorrowerContact>();
      if (userIds.length === 0) return out;
      const ids = sql`${sql.param([...new Set(userIds)])}::int[]`;
      const rows = await db
        .select({ userId: applicationMembers.id, email: applicationMembers.email, phone: loanBorrowers.phone, state: states.abbreviation })
        .from(applicationMembers)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
        .leftJoin(states, eq(states.id, loanBorrowers.stateId))
        .where(sql`${applicationMembers.id} = any(${ids})`);
      const withdrawn = await db
        .select({ userId: consentWithdrawals.userId, name: consentWithdrawals.agreementName })
        .from(consentWithdrawals)
        .where(and(sql`${consentWithdrawals.userId} = any(${ids})`, isNull(consentWithdrawals.restoredAt)));
      const sms = await db
        .select({ userId: userAgreements.userId })
        .from(userAgreements)
        .innerJoin(agreementDocuments, eq(agreementDocuments.id, userAgreements.agreementDocumentId))
        .where(and(sql`${userAgreements.userId} = any(${ids})`, eq(agreementDocuments.name, TEXT_MESSAGING_CONSENT_NAME)));
      const smsIds = new Set(sms.map((r) => r.userId));
      for (const r of rows) {
        const off = new Set(withdrawn.filter((w) => w.userId === r.userId).map((w) => w.name));
        out.set(r.userId, {
          userId: r.userId,
          email: r.email,
          phone: r.phone,
          state: r.state,
          emailOptedOut: off.has(ELECTRONIC_CONSENT_NAME),
          smsConsented: smsIds.has(r.userId) && !off.has(TEXT_MESSAGING_CONSENT_NAME),
        });
      }
      return out;
    },

    /** The loan with its borrower's name (null when no such loan). */
    loanHeader: async (loanId: number) => {
      const [row] = await db
        .select({
          loanId: loans.id,
          identifier: loans.identifier,
          status: loans.status,
          userId: loans.userId,
          firstName: loanBorrowers.firstName,
          lastName: loanBorrowers.lastName,
        })
        .from(loans)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .where(eq(loans.id, loanId))
        .limit(1);
      return row ?? null;
    },

    /** Loans per bucket (the worked loans past due). */
    bucketCounts: async (): Promise<Record<string, number>> => {
      const rows = await db
        .select({ bucket: loanDelinquency.bucket, n: sql<number>`count(*)::int` })
        .from(loanDelinquency)
        .innerJoin(loans, eq(loans.id, loanDelinquency.loanId))
        .where(and(WORKED, sql`${loanDelinquency.bucket} <> 'current'`))
        .groupBy(loanDelinquency.bucket);
      return Object.fromEntries(rows.map((r) => [r.bucket, Number(r.n)]));
    },

    /**
     * One page of the queue, most days past due first (then the loan id, descending): keyset after
     * `(daysPastDue, loanId)` of the previous page's last row.
     */
    queue: async (o: { bucket: string | null; after: { daysPastDue: number; loanId: number } | null; limit: number }): Promise<QueueRow[]> => {
      const last = db
        .select({ at: collectionContacts.at, channel: collectionContacts.channel, outcome: collectionContacts.outcome })
        .from(collectionContacts)
        .where(eq(collectionContacts.loanId, loans.id))
        .orderBy(desc(collectionContacts.at), desc(collectionContacts.id))
        .limit(1)
        .as('last_contact');
      const promise = db
        .select({ date: promisesToPay.promisedDate, cents: promisesToPay.amountCents })
        .from(promisesToPay)
        .where(and(eq(promisesToPay.loanId, loans.id), eq(promisesToPay.status, 'open')))
        .limit(1)
        .as('open_promise');
      const rows = await db
        .select({
          loanId: loans.id,
          identifier: loans.identifier,
          status: loans.status,
          firstName: loanBorrowers.firstName,
          lastName: loanBorrowers.lastName,
          daysPastDue: loanDelinquency.daysPastDue,
          bucket: loanDelinquency.bucket,
          bucketSince: loanDelinquency.bucketSince,
          pastDueCents: loanDelinquency.pastDueCents,
          lastContactAt: last.at,
          lastContactChannel: last.channel,
          lastContactOutcome: last.outcome,
          promiseDate: promise.date,
          promiseCents: promise.cents,
        })
        .from(loanDelinquency)
        .innerJoin(loans, eq(loans.id, loanDelinquency.loanId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoinLateral(last, sql`true`)
        .leftJoinLateral(promise, sql`true`)
        .where(
          and(
            WORKED,
            o.bucket ? eq(loanDelinquency.bucket, o.bucket as 'current') : sql`${loanDelinquency.bucket} <> 'current'`,
            o.after ? sql`(${loanDelinquency.daysPastDue}, ${loanDelinquency.loanId}) < (${o.after.daysPastDue}, ${o.after.loanId})` : undefined,
          ),
        )
        .orderBy(desc(loanDelinquency.daysPastDue), desc(loanDelinquency.loanId))
        .limit(o.limit);
      return rows;
    },
  };
}

export type CollectionsDeskReads = ReturnType<typeof collectionsDeskReads>;
