import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { walletCards } from '../../db/schema/index';

export type WalletCardRow = typeof walletCards.$inferSelect;
export type NewWalletCard = Omit<typeof walletCards.$inferInsert, 'id' | 'deletedAt'>;

export function walletRepository(db: Db) {
  const live = (userId: number) => and(eq(walletCards.userId, userId), isNull(walletCards.deletedAt));
  return {
    /**
     * Adds a card; the same token twice answers the card already on file. `previousIndexes`: the token's
     * index under the previous keys of the ring (a key rotation under way), so a card indexed before the
     * rotation is found too rather than added twice.
     */
    add: async (card: NewWalletCard, previousIndexes: readonly string[] = []): Promise<WalletCardRow> => {
      if (previousIndexes.length > 0) {
        const [known] = await db
          .select()
          .from(walletCards)
          .where(and(eq(walletCards.userId, card.userId), inArray(walletCards.tokenIndex, [...previousIndexes])))
          .limit(1);
        if (known) return known;
      }
      try {
        const [row] = await db.insert(walletCards).values(card).returning();
        return row!;
      } catch (err) {
        if (violatedUniqueConstraint(err) !== 'wallet_cards_user_token') throw err;
        const [row] = await db
          .select()
          .from(walletCards)
          .where(and(eq(walletCards.userId, card.userId), eq(walletCards.tokenIndex, card.tokenIndex)))
          .limit(1);
        return row!;
      }
    },

    /** One of the member's live cards (undefined for another member's card or a removed one). */
    ownCard: async (userId: number, id: number): Promise<WalletCardRow | undefined> => {
      const [row] = await db
        .select()
        .from(walletCards)
        .where(and(live(userId), eq(walletCards.id, id)))
        .limit(1);
      return row;
    },
    /** The member's cards, oldest first. */
    list: (userId: number) => db.select().from(walletCards).where(live(userId)).orderBy(asc(walletCards.id)),
  };
}
export type WalletRepository = ReturnType<typeof walletRepository>;
