import type { TDebitTransactionsResponse } from '@payrail/contract/servicing';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { scheduledPaymentWire } from './request-payment';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** GET /get_debit_transactions: the borrower's debit-card payments, newest first. */
export async function debitTransactions(ctx: AppContext, member: MemberRow): Promise<TDebitTransactionsResponse> {
  const rows = await ctx.repos.loanBook.cardTransactionsOfUser(member.id);
  return {
    ok: true,
    transactions: rows.map((t) => {
      const stored = isRecord(t.responseBody) && isRecord(t.responseBody.card) ? t.responseBody.card : null;
      return { ...scheduledPaymentWire(t), loan_id: t.loanId, card_last4: typeof stored?.last4 === 'string' ? stored.last4 : null, settled_on: t.settledOn };
    }),
  };
}
