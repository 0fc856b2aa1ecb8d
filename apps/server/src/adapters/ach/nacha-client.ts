import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { nextBusinessDay } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import type { CryptoBox } from '../../lib/crypto-box';
import { buildNachaFile } from './nacha';
import type { AchCredit, AchOriginator } from './port';

export type NachaClientConfig = { dir: string; odfiRoutingNumber: string; companyName: string; companyId: string };

/** Spool files are sealed at rest: `<trace id>.ach.sealed`, AES-256-GCM under the install's key, the name as associated data. */
export const SEALED_SPOOL_SUFFIX = '.ach.sealed';
const aadFor = (fileName: string) => `nacha-spool:${path.basename(fileName)}`;

/** The transmitter (SFTP pickup) opens a spool file just before sending it; a file moved or renamed does not open. */
export function openNachaSpoolFile(box: CryptoBox, file: string): string {
  return box.openBytes(fs.readFileSync(file), aadFor(file)).toString('ascii');
}

/**
 * The "NACHA file to the bank" client: each credit is written as a one-entry PPD batch file in `dir`,
 * for the bank's SFTP pickup (outside this process). Status follows the bank's return files, which are
 * not read yet: an entry stays `pending` here until servicing reconciles it. A NACHA file holds full
 * account and routing numbers, so it never rests in clear on disk: it is sealed with the crypto box
 * (`openNachaSpoolFile` opens it for transmission), and written under a temporary name then renamed.
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
              },
            ],
          },
        ],
      });
      fs.mkdirSync(cfg.dir, { recursive: true });
      const traceId = `NACHA-${ref}`;
      const target = path.join(cfg.dir, `${traceId}${SEALED_SPOOL_SUFFIX}`);
      // One file per idempotency key: a retry rewrites nothing.
      if (!fs.existsSync(target)) {
        const sealed = (await cryptoBox()).sealBytes(Buffer.from(file, 'ascii'), aadFor(target));
        const tmp = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, sealed, { mode: 0o600 });
        fs.renameSync(tmp, target);
      }
      return { traceId, status: 'pending' as const };
    },
    status: async () => 'pending',
  };
}
