import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hasValidAbaChecksum } from '@payrail/domain/validation/routing-number';

/** One institution of the directory. */
export type RoutingEntry = { routingNumber: string; name: string; city: string; state: string; newRoutingNumber: string | null };

export type RoutingDirectory = { readonly size: number; readonly source: string; lookup(routingNumber: string): RoutingEntry | undefined };

/**
 * The fictional sandbox directory shipped with the server (see docs/banking-and-esignature.md): 200
 * made-up institutions whose generated numbers pass the ABA checksum. Not a list of real banks.
 */
export const SANDBOX_DIRECTORY_FILE = path.join(import.meta.dirname, 'data', 'sandbox-fedachdir.txt');

/**
 * Parses the Federal Reserve's FedACH directory (FedACHdir.txt): fixed width, 155 columns a record —
 * routing number 1–9, office code 10, servicing FRB 11–19, record type 20 (2 = the institution moved to
 * the new routing number in 27–35), change date 21–26, customer name 36–71, address 72–107, city
 * 108–127, state 128–129, ZIP 130–138, phone 139–148, status 149, data view 150. Blank lines and lines
 * starting with `#` (the sandbox file's notice) are skipped, and so is any record whose routing number
 * is not nine digits with a valid ABA checksum.
 */
export function parseFedAchDirectory(text: string): Map<string, RoutingEntry> {
  const entries = new Map<string, RoutingEntry>();
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.startsWith('#') || raw.length < 129) continue;
    const routingNumber = raw.slice(0, 9);
    if (!hasValidAbaChecksum(routingNumber)) continue;
    const name = raw.slice(35, 71).trim();
    if (!name) continue;
    const recordType = raw.charAt(19);
    const newRouting = raw.slice(26, 35);
    entries.set(routingNumber, {
      routingNumber,
      name,
      city: raw.slice(107, 127).trim(),
      state: raw.slice(127, 129).trim(),
      newRoutingNumber: recordType === '2' && hasValidAbaChecksum(newRouting) ? newRouting : null,
    });
  }
  return entries;
}

const loaded = new Map<string, Promise<RoutingDirectory>>();

/**
 * The directory at `file` (ROUTING_DIRECTORY_FILE), or the bundled sandbox directory; read once per
 * process. A missing or empty file is an error at boot, never a silent "every bank is unknown".
 */
export function loadRoutingDirectory(file: string | undefined): Promise<RoutingDirectory> {
  const source = file ?? SANDBOX_DIRECTORY_FILE;
  let directory = loaded.get(source);
  if (!directory) {
    directory = (async () => {
      const entries = parseFedAchDirectory(await readFile(source, 'latin1'));
      if (entries.size === 0) throw new Error(`The routing directory ${source} has no valid FedACH records`);
      return { size: entries.size, source, lookup: (routingNumber: string) => entries.get(routingNumber) };
    })();
    directory.catch(() => loaded.delete(source));
    loaded.set(source, directory);
  }
  return directory;
}
