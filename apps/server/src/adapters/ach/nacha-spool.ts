import fs from 'node:fs';
import path from 'node:path';
import type { CryptoBox } from '../../lib/crypto-box';
import type { AchSpool } from './port';

/**
 * The NACHA spool (`ACH_NACHA_DIR`, default `DATA_DIR/ach`): every NACHA file the product writes there —
 * disbursement credits (`nacha-client.ts`) and loan-payment debits (`nacha-debit-client.ts`) — holds full
 * routing and account numbers and names, so none rests in clear: each is `<trace id>.ach.sealed`,
 * AES-256-GCM under the install's crypto box, the file name as associated data (a file moved or renamed
 * does not open), written owner-only under a temporary name then renamed.
 */
export const SEALED_SPOOL_SUFFIX = '.ach.sealed';
/** The clear-text name releases before sealing gave a spool file (`<trace id>.ach`). */
const CLEAR_SUFFIX = '.ach';

export const nachaSpoolAad = (fileName: string) => `nacha-spool:${path.basename(fileName)}`;

/** The transmitter (SFTP pickup) opens a spool file just before sending it; a file moved or renamed does not open. */
export function openNachaSpoolFile(box: CryptoBox, file: string): string {
  return box.openBytes(fs.readFileSync(file), nachaSpoolAad(file)).toString('ascii');
}

/**
 * Writes one NACHA file sealed as `<dir>/<traceId>.ach.sealed` and returns its path. One file per trace
 * id: when it exists already (a retry of the same idempotency key) nothing is rewritten. A clear
 * `<traceId>.ach` left by an earlier release for the same trace id is the file already written for that
 * key: it is sealed in its place (its own bytes, so the file the bank gets does not change) and the clear
 * copy removed, rather than a second file written.
 */
export async function writeSealedNachaFile(dir: string, traceId: string, text: string, cryptoBox: () => Promise<CryptoBox>): Promise<string> {
  const target = path.join(dir, `${traceId}${SEALED_SPOOL_SUFFIX}`);
  if (fs.existsSync(target)) return target;
  const box = await cryptoBox();
  fs.mkdirSync(dir, { recursive: true });
  if (fs.existsSync(target)) return target;
  const legacy = path.join(dir, `${traceId}${CLEAR_SUFFIX}`);
  const hadLegacy = fs.existsSync(legacy);
  const clear = hadLegacy ? fs.readFileSync(legacy) : Buffer.from(text, 'ascii');
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, box.sealBytes(clear, nachaSpoolAad(target)), { mode: 0o600 });
  fs.renameSync(tmp, target);
  if (hadLegacy) fs.rmSync(legacy, { force: true });
  return target;
}

/**
 * The spool as the ACH port's `AchSpool`: the sealed files in `dir`, each opened with the install's crypto
 * box just before it is sent, under its bank-side name `<trace id>.ach` (the sealed suffix taken off).
 */
export function nachaSpool(dir: string, cryptoBox: () => Promise<CryptoBox>): AchSpool {
  return {
    files: async () =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith(SEALED_SPOOL_SUFFIX))
            .sort()
        : [],
    bankName: (file) => file.slice(0, -'.sealed'.length),
    open: async (file) => Buffer.from(openNachaSpoolFile(await cryptoBox(), path.join(dir, file)), 'ascii'),
  };
}
