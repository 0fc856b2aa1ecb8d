import { createHash } from 'node:crypto';
import { addBusinessDays } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import { debitTransactionCode } from '@payrail/domain/servicing/ach';
import type { CryptoBox } from '../../lib/crypto-box';
import { buildNachaFile } from './nacha';
import type { NachaClientConfig } from './nacha-client';
import { writeSealedNachaFile } from './nacha-spool';
import type { AchDebit, AchDebitOutcome, AchDebitor } from './port';

/**
 * Loan-payment debits as NACHA files for the bank: one single-entry batch file per idempotency key in
 * `dir` (WEB or PPD, codes 27/37), for the bank's SFTP pickup, each entry under the trace number
 * servicing assigned. An entry is `pending` until its return window has passed, then `settled`; the
 * bank's return files are uploaded by a servicer (POST /api/backoffice/ach/returns), matched by the
 * original trace number and applied (docs/servicing-operations.md). A debit file holds the borrower's
 * full routing and account numbers and name, so, like a disbursement file, it never rests in clear: it is
 * written sealed as `<trace id>.ach.sealed` (`nacha-spool.ts`; `openNachaSpoolFile` opens it for transmission).
 */
export function nachaFileAchDebits(cfg: NachaClientConfig, returnWindowDays: number, now: () => Date, cryptoBox: () => Promise<CryptoBox>): AchDebitor {
  return {
    provider: 'nacha',
    originateDebit: async (debit: AchDebit) => {
      const ref = createHash('sha256').update(debit.idempotencyKey).digest('hex').slice(0, 15).toUpperCase();
      const file = buildNachaFile({
        immediateDestination: cfg.odfiRoutingNumber,
        destinationName: 'ODFI',
        immediateOrigin: cfg.companyId,
        originName: cfg.companyName,
        odfiRouting: cfg.odfiRoutingNumber,
        createdAt: now(),
        batches: [
          {
            secCode: debit.secCode,
            companyName: cfg.companyName,
            companyId: cfg.companyId,
            entryDescription: debit.description,
            effectiveDate: debit.effectiveDate,
            entries: [
              {
                transactionCode: debitTransactionCode(debit.accountType),
                routing: debit.routing,
                account: debit.account,
                amountCents: debit.amountCents,
                individualId: debit.individualId,
                individualName: debit.name,
                paymentType: 'S',
                traceNumber: debit.traceNumber,
              },
            ],
          },
        ],
      });
      const traceId = `NACHA-D-${debit.effectiveDate.replaceAll('-', '')}-${ref}`;
      // One file per idempotency key: a retry (a run killed after sending, replayed) rewrites nothing.
      await writeSealedNachaFile(cfg.dir, traceId, file, cryptoBox);
      return { traceId };
    },
    outcome: async (traceId: string, businessDate: string): Promise<AchDebitOutcome> => {
      const m = /^NACHA-D-(\d{4})(\d{2})(\d{2})-/.exec(traceId);
      if (!m) throw new Error(`unknown NACHA debit trace id ${traceId}`);
      const settleOn = addBusinessDays(`${m[1]}-${m[2]}-${m[3]}` as IsoDate, returnWindowDays);
      return businessDate >= settleOn ? { status: 'settled' } : { status: 'pending' };
    },
  };
}
