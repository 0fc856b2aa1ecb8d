import { createHash } from 'node:crypto';
import { nextBusinessDay } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import type { CryptoBox } from '../../lib/crypto-box';
import { buildNachaFile } from './nacha';
import { writeSealedNachaFile } from './nacha-spool';
import type { AchCredit, AchOriginator } from './port';

export { openNachaSpoolFile, SEALED_SPOOL_SUFFIX } from './nacha-spool';

export type NachaClientConfig = { dir: string; odfiRoutingNumber: string; companyName: string; companyId: string };

/**
 * The "NACHA file to the bank" client: each credit is written as a one-entry PPD batch file in `dir`,
 * for the bank's SFTP pickup (outside this process). Status follows the bank's return files, which are
 * not read yet: an entry stays `pending` here until servicing reconciles it. A NACHA file holds full
 * account and routing numbers, so it never rests in clear on disk: it is sealed with the crypto box
 * (`nacha-spool.ts`; `openNachaSpoolFile` opens it for transmission), written under a temporary name then renamed.
 */
export function nachaFileAch(cfg: NachaClientConfig, now: () => Date, cryptoBox: () => Promise<CryptoBox>): AchOriginator {
  return {
    provider: 'nacha',
    originateCredit: async (credit: AchCredit) => {
      const at = now();
      const ref = createHash('sha256').update(credit.idempotencyKey).digest('hex').slice(0, 15).toUpperCase();
      const file = buildNachaFile({
        immediateDestination: cfg.odfiRoutingNumber,
        destinationName: 'ODFI',
        immediateOrigin: cfg.companyId,
        originName: cfg.companyName,
        odfiRouting: cfg.odfiRoutingNumber,
        createdAt: at,
        batches: [
          {
            secCode: 'PPD',
            companyName: cfg.companyName,
            companyId: cfg.companyId,
            entryDescription: 'LOAN',
            effectiveDate: nextBusinessDay(at.toISOString().slice(0, 10) as IsoDate),
            entries: [
              {
                transactionCode: credit.accountType === 'savings' ? '32' : '22',
                routing: credit.routing,
                account: credit.account,
                amountCents: credit.amountCents,
                individualId: credit.individualId ?? ref,
                individualName: credit.name,
                ...(credit.traceNumber ? { traceNumber: credit.traceNumber } : {}),
              },
            ],
          },
        ],
      });
      const traceId = `NACHA-${ref}`;
      // One file per idempotency key: a retry rewrites nothing.
      await writeSealedNachaFile(cfg.dir, traceId, file, cryptoBox);
      return { traceId, status: 'pending' as const };
    },
    status: async () => 'pending',
  };
}
