import { addBusinessDays } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import { createHash } from 'node:crypto';
import type { AchCredit, AchOriginator, AchStatus } from './port';

/** Accounts ending in these digits come back returned (R03, no account) in the simulator. */
export const SANDBOX_RETURN_SUFFIX = '0000';

/**
 * The ACH simulator: an entry settles `settleDays` business days (Federal Reserve calendar) after it was
 * originated, or comes back returned when the account ends in 0000. Stateless: the trace id carries the
 * origination date and the outcome, so every server instance answers the same. The same idempotency key
 * gives the same trace id.
 */
export function sandboxAch(settleDays: number, now: () => Date): AchOriginator {
  return {
    provider: 'sandbox',
    originateCredit: async (credit: AchCredit) => {
      const day = now().toISOString().slice(0, 10).replaceAll('-', '');
      const outcome = credit.account.endsWith(SANDBOX_RETURN_SUFFIX) ? 'R' : 'S';
      const digest = createHash('sha256').update(credit.idempotencyKey).digest('hex').slice(0, 12).toUpperCase();
      return { traceId: `SBX-${day}-${outcome}-${digest}`, status: 'pending' as const };
    },
    status: async (traceId: string): Promise<AchStatus> => {
      const m = /^SBX-(\d{4})(\d{2})(\d{2})-([RS])-/.exec(traceId);
      if (!m) throw new Error(`unknown sandbox trace id ${traceId}`);
      const settleOn = addBusinessDays(`${m[1]}-${m[2]}-${m[3]}` as IsoDate, settleDays);
      if (now().toISOString().slice(0, 10) < settleOn) return 'pending';
      return m[4] === 'R' ? 'returned' : 'settled';
    },
  };
}
