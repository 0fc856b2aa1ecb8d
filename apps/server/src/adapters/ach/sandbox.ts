import { addBusinessDays } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import { createHash } from 'node:crypto';
import type { AchCredit, AchDebit, AchDebitOutcome, AchDebitor, AchOriginator, AchStatus } from './port';

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

/**
 * Test account numbers of the debit simulator (last four digits → what the "bank" answers), documented in
 * docs/servicing-operations.md. A return comes back one business day after the effective date; an entry
 * with no return settles once the return window has passed.
 */
export const SANDBOX_DEBIT_RETURNS: Readonly<Record<string, string>> = {
  '0001': 'R01',
  '0002': 'R02',
  '0003': 'R03',
  '0004': 'R04',
  '0007': 'R07',
  '0008': 'R08',
  '0009': 'R09',
  '0010': 'R10',
  '0016': 'R16',
  '0029': 'R29',
};
/** Account ending 0101: R01 on the original presentment, settles when re-presented (a retry that works). */
export const SANDBOX_R01_THEN_PAID_SUFFIX = '0101';

/** The code the simulator returns for a debit, or null when it settles. */
export function sandboxDebitReturn(account: string, representment: number): string | null {
  const last4 = account.slice(-4);
  if (last4 === SANDBOX_R01_THEN_PAID_SUFFIX) return representment === 0 ? 'R01' : null;
  return SANDBOX_DEBIT_RETURNS[last4] ?? null;
}

/**
 * The debit simulator: stateless like the credit one — the trace id carries the effective date and the
 * outcome (`SBD-YYYYMMDD-<code|OK>-<digest>`), so every instance answers the same and the same
 * idempotency key always gives the same trace id.
 */
export function sandboxAchDebits(returnWindowDays: number): AchDebitor {
  return {
    provider: 'sandbox',
    originateDebit: async (debit: AchDebit) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(debit.effectiveDate)) throw new RangeError('effective date must be YYYY-MM-DD');
      const day = debit.effectiveDate.replaceAll('-', '');
      const code = sandboxDebitReturn(debit.account, debit.representment) ?? 'OK';
      const digest = createHash('sha256').update(debit.idempotencyKey).digest('hex').slice(0, 12).toUpperCase();
      return { traceId: `SBD-${day}-${code}-${digest}` };
    },
    outcome: async (traceId: string, businessDate: string): Promise<AchDebitOutcome> => {
      const m = /^SBD-(\d{4})(\d{2})(\d{2})-(R\d{2}|OK)-/.exec(traceId);
      if (!m) throw new Error(`unknown sandbox debit trace id ${traceId}`);
      const effective = `${m[1]}-${m[2]}-${m[3]}` as IsoDate;
      if (m[4] !== 'OK') {
        const returnedOn = addBusinessDays(effective, 1);
        return businessDate >= returnedOn ? { status: 'returned', code: m[4]!, returnedOn } : { status: 'pending' };
      }
      return businessDate >= addBusinessDays(effective, returnWindowDays) ? { status: 'settled' } : { status: 'pending' };
    },
  };
}
