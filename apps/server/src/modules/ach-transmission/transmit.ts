import { createHash } from 'node:crypto';
import type { AchSpool, AchTransmitter } from '../../adapters/ach/port';
import type { AppContext } from '../../context';
import type { JobLog } from '../../jobs/in-process';
import { intervalCron } from '../loan-book/scheduler';
import { achTransmissionRepository, type AchTransmissionRepository } from './repository';

export const ACH_TRANSMIT_QUEUE = 'ach.transmit';

/** A claim older than this is a run that died mid-transmission; must exceed the job's expiry. */
const LEASE_SECONDS = 15 * 60;

export type TransmitResult = { transmitted: string[]; foundAtBank: string[]; failed: { file: string; error: string }[] };

/**
 * Transmits each sealed NACHA spool file to the bank once (docs/operations.md, "NACHA transmission").
 * Per file, in order: (1) its row is registered `pending` (unique file name); (2) claimed `transmitting`
 * in one committed UPDATE — one run at a time; a claim past its lease is a dead run's; (3) if the bank side
 * already has the file at its final name, an earlier attempt's upload completed (the name appears only by
 * the atomic rename that ends an upload): it is marked transmitted without sending; else (4) the opened
 * file is uploaded under a temporary name and renamed into place; (5) marked `transmitted` with its
 * SHA-256. An error before the rename puts the row back to `pending` for the next run.
 */
export async function transmitSpooledFiles(deps: {
  repo: AchTransmissionRepository;
  transmitter: AchTransmitter;
  /** The sealed spool (adapters/ach/nacha-spool.ts, `nachaSpool`): listed, and each file opened just before it is sent. */
  spool: AchSpool;
  leaseSeconds?: number;
}): Promise<TransmitResult> {
  const result: TransmitResult = { transmitted: [], foundAtBank: [], failed: [] };
  const files = await deps.spool.files();
  if (files.length === 0) return result;
  for (const file of files) await deps.repo.register(file, deps.transmitter.name);
  const claimed: string[] = [];
  for (const file of files) {
    const row = await deps.repo.claim(file, deps.transmitter.name, deps.leaseSeconds ?? LEASE_SECONDS);
    if (row) claimed.push(file);
  }
  if (claimed.length === 0) return result;
  try {
    await deps.transmitter.session(async (bank) => {
      for (const file of claimed) {
        const remoteName = deps.spool.bankName(file); // <trace id>.ach
        try {
          const content = await deps.spool.open(file);
          const sha256 = createHash('sha256').update(content).digest('hex');
          const foundAtBank = await bank.has(remoteName);
          if (!foundAtBank) await bank.put(remoteName, content);
          await deps.repo.markTransmitted(file, { remoteName, sha256, bytes: content.length, foundAtBank });
          (foundAtBank ? result.foundAtBank : result.transmitted).push(file);
        } catch (err) {
          const error = (err as Error).message ?? String(err);
          await deps.repo.release(file, error);
          result.failed.push({ file, error });
        }
      }
    });
  } catch (err) {
    // The session itself failed (no connection): every claimed file goes back to pending.
    const error = (err as Error).message ?? String(err);
    for (const file of claimed) {
      if (result.transmitted.includes(file) || result.foundAtBank.includes(file) || result.failed.some((f) => f.file === file)) continue;
      await deps.repo.release(file, error);
      result.failed.push({ file, error });
    }
  }
  return result;
}

/**
 * The `ach.transmit` queue: every ACH_TRANSMIT_INTERVAL_MINUTES (only when ACH_PROVIDER=nacha) it
 * transmits the spool's files not yet transmitted. A file that failed makes the job fail (retried with
 * back-off, then dead-lettered on the Jobs page); the next scheduled run tries it again anyway. The bank
 * side is given (jobs/queues.ts: `nachaTransmitterFor` and `nachaSpool` of adapters/ach).
 */
export function defineAchTransmitQueue(ctx: AppContext, log: JobLog, bank: { transmitter: AchTransmitter; spool: AchSpool }): void {
  const schedule = ctx.config.ach.provider === 'nacha' ? intervalCron(ctx.config.achTransmit.intervalMinutes) : undefined;
  const repo = achTransmissionRepository(ctx.database.db);
  ctx.jobs.define<Record<string, never>>({
    name: ACH_TRANSMIT_QUEUE,
    description: 'Transmits the sealed NACHA files in the spool to the bank (SFTP), each file once.',
    retryLimit: 3,
    retryDelaySeconds: 120,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    concurrency: 1,
    ...(schedule ? { schedule } : {}),
    handler: async () => {
      const r = await transmitSpooledFiles({ repo, ...bank });
      if (r.transmitted.length + r.foundAtBank.length > 0) log.info({ transmitted: r.transmitted, found_at_bank: r.foundAtBank }, 'NACHA files transmitted');
      if (r.failed.length > 0) throw new Error(`${r.failed.length} NACHA file(s) not transmitted: ${r.failed.map((f) => `${f.file}: ${f.error}`).join('; ')}`);
    },
  });
}
