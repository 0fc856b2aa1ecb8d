import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  achAuthorizations,
  allotmentInstructionEmails,
  applicationMembers,
  applications,
  bankAccounts,
  bankLinkEvents,
  repayMethodChoices,
  userAgreements,
} from '../../db/schema/index';
import type { ApplicationPatch } from '../application/repository';
import { type StatusMove, withMove } from '../workflow/repository';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccount = Omit<typeof bankAccounts.$inferInsert, 'id' | 'archivedAt'>;
export type BankAccountPatch = Partial<Omit<typeof bankAccounts.$inferInsert, 'id' | 'userId' | 'usage' | 'createdAt'>>;
export type AchAuthorizationRow = typeof achAuthorizations.$inferSelect;
export type RepayMethodChoice = (typeof repayMethodChoices.$inferInsert)['method'];

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raised inside a transaction to roll it back when the status move lost a race. */
/** Serialises changes to a member's receiving account: the member row is locked until the transaction ends. */
async function lockMember(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.id, userId)).for('update');
}

export function bankingRepository(db: Db) {
  const liveReceiver = (userId: number) => and(eq(bankAccounts.userId, userId), eq(bankAccounts.usage, 'receiver'), isNull(bankAccounts.archivedAt));

  return {
    /** The member's bank information: the live receiving account. */
    currentReceiver: async (userId: number): Promise<BankAccountRow | undefined> => {
      const [row] = await db.select().from(bankAccounts).where(liveReceiver(userId)).limit(1);
      return row;
    },

    findAccount: async (userId: number, id: number): Promise<BankAccountRow | undefined> => {
      const [row] = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Makes `account` the member's bank information: archives the live one (kept as history), inserts
     * the new one and applies the status move, all at once. Null when the move lost a race (nothing stored).
     * With `isSame`, a live account it accepts (read under the member's lock, so calls at once see each
     * other's result) is answered as it is: nothing archived, nothing inserted — a double click stores once.
     */
    replaceReceiver: async (account: NewBankAccount, move: StatusMove | null, isSame?: (live: BankAccountRow) => boolean): Promise<BankAccountRow | null> => {
      const done = await withMove(db, move, async (tx) => {
        await lockMember(tx, account.userId);
        if (isSame) {
          const [live] = await tx.select().from(bankAccounts).where(liveReceiver(account.userId)).limit(1);
          if (live && isSame(live)) return live;
        }
        await tx.update(bankAccounts).set({ archivedAt: account.createdAt }).where(liveReceiver(account.userId));
        const [row] = await tx.insert(bankAccounts).values(account).returning();
        return row!;
      });
      return done.ok ? done.value : null;
    },

    /**
     * The live receiving account, or a new empty manual draft when there is none (the first field of a
     * manual entry). Serialised per member, so two fields saved at once fill the same draft.
     */
    ensureReceiverDraft: (userId: number, at: Date): Promise<BankAccountRow> =>
      db.transaction(async (tx) => {
        await lockMember(tx, userId);
        const [live] = await tx.select().from(bankAccounts).where(liveReceiver(userId)).limit(1);
        if (live) return live;
        const [row] = await tx.insert(bankAccounts).values({ userId, usage: 'receiver', source: 'manual', createdAt: at, updatedAt: at }).returning();
        return row!;
      }),

    /** Changes the live receiving account (a manual entry saved field by field): only the columns given. */
    updateAccount: async (id: number, patch: BankAccountPatch): Promise<BankAccountRow> => {
      const [row] = await db.update(bankAccounts).set(patch).where(eq(bankAccounts.id, id)).returning();
      return row!;
    },

    addLinkEvent: async (e: { userId: number; event: string; metadata: Record<string, unknown> | null; at: Date }): Promise<void> => {
      await db.insert(bankLinkEvents).values({ userId: e.userId, event: e.event, metadata: e.metadata, createdAt: e.at });
    },

    linkEvents: (userId: number) => db.select().from(bankLinkEvents).where(eq(bankLinkEvents.userId, userId)).orderBy(desc(bankLinkEvents.id)),

    /** Stores the repay method and moves the status, together. */
    /** The choice, the application's terms priced for it (when it has terms) and the status move, all or nothing. */
    chooseRepayMethod: async (
      c: { userId: number; method: RepayMethodChoice; at: Date; terms: { applicationId: number; patch: ApplicationPatch } | null },
      move: StatusMove,
    ): Promise<boolean> =>
      (
        await withMove(db, move, async (tx) => {
          await tx.insert(repayMethodChoices).values({ userId: c.userId, method: c.method, chosenAt: c.at });
          if (c.terms)
            await tx
              .update(applications)
              .set({ ...c.terms.patch, updatedAt: c.at })
              .where(eq(applications.id, c.terms.applicationId));
        })
      ).ok,

    latestRepayMethod: async (userId: number): Promise<RepayMethodChoice | undefined> => {
      const [row] = await db
        .select({ method: repayMethodChoices.method })
        .from(repayMethodChoices)
        .where(eq(repayMethodChoices.userId, userId))
        .orderBy(desc(repayMethodChoices.id))
        .limit(1);
      return row?.method;
    },

    /**
     * The auto-debit authorization: the new account (when one was given), the authorization, the
     * disclosure accepted and the status move, all or nothing (null when the move lost a race).
     */
    authorizeAutoDebit: async (
      a: {
        userId: number;
        newAccount: NewBankAccount | null;
        accountId: number | null;
        agreementDocumentId: number;
        at: Date;
        ip: string | null;
        userAgent: string | null;
      },
      move: StatusMove,
    ): Promise<AchAuthorizationRow | null> => {
      const done = await withMove(db, move, async (tx) => {
        let accountId = a.accountId;
        if (a.newAccount) {
          const [row] = await tx.insert(bankAccounts).values(a.newAccount).returning({ id: bankAccounts.id });
          accountId = row!.id;
        }
        const [authorization] = await tx
          .insert(achAuthorizations)
          .values({
            userId: a.userId,
            bankAccountId: accountId!,
            agreementDocumentId: a.agreementDocumentId,
            authorizedAt: a.at,
            ip: a.ip,
            userAgent: a.userAgent,
          })
          .returning();
        await tx
          .insert(userAgreements)
          .values({ userId: a.userId, agreementDocumentId: a.agreementDocumentId, acceptedAt: a.at, ip: a.ip, userAgent: a.userAgent })
          .onConflictDoNothing();
        return authorization!;
      });
      return done.ok ? done.value : null;
    },

    achAuthorizations: (userId: number) => db.select().from(achAuthorizations).where(eq(achAuthorizations.userId, userId)).orderBy(desc(achAuthorizations.id)),

    /** The member's latest ACH debit authorization (POST /auto_debit): what funding turns into the loan's auto-debit. */
    latestAchAuthorization: async (userId: number): Promise<AchAuthorizationRow | undefined> => {
      const [row] = await db.select().from(achAuthorizations).where(eq(achAuthorizations.userId, userId)).orderBy(desc(achAuthorizations.id)).limit(1);
      return row;
    },

    recordAllotmentEmail: async (userId: number, sentTo: string, at: Date): Promise<void> => {
      await db.insert(allotmentInstructionEmails).values({ userId, sentTo, sentAt: at });
    },

    allotmentEmailsSent: async (userId: number): Promise<number> =>
      (await db.select({ id: allotmentInstructionEmails.id }).from(allotmentInstructionEmails).where(eq(allotmentInstructionEmails.userId, userId))).length,
  };
}
export type BankingRepository = ReturnType<typeof bankingRepository>;
