import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { AchTransmitSession, AchTransmitter } from './port';

/**
 * Where sealed NACHA spool files go (the ACH port's `AchTransmitter`, issue #30; docs/operations.md, "NACHA
 * transmission"): the sandbox bank inbox or the bank's SFTP server, picked from configuration by
 * {@link nachaTransmitterFor}.
 */
export type NachaTransmitter = AchTransmitter;

const safeName = (remoteName: string): string => {
  if (path.basename(remoteName) !== remoteName || remoteName.startsWith('.')) throw new Error(`not a bank file name: ${remoteName}`);
  return remoteName;
};

/**
 * Sandbox: the "bank" is a local directory (`ACH_BANK_INBOX_DIR`, default `DATA_DIR/ach-bank-inbox`);
 * the file is written in clear there (as the bank would receive it), owner-only, through a temporary name.
 */
export function sandboxNachaTransmitter(inboxDir: string): NachaTransmitter {
  const s: AchTransmitSession = {
    has: async (remoteName) => fs.existsSync(path.join(inboxDir, safeName(remoteName))),
    put: async (remoteName, content) => {
      fs.mkdirSync(inboxDir, { recursive: true, mode: 0o700 });
      const target = path.join(inboxDir, safeName(remoteName));
      const part = path.join(inboxDir, `.${remoteName}.part`);
      fs.writeFileSync(part, content, { mode: 0o600 });
      fs.renameSync(part, target);
    },
  };
  return { name: 'sandbox', session: (work) => work(s) };
}

export type SftpSettings = {
  host: string;
  port: number;
  username: string;
  /** A private key (PEM/OpenSSH text) or a password. */
  privateKey?: string | undefined;
  password?: string | undefined;
  /** The server's host key as `SHA256:<base64>` (what `ssh-keygen -lf` prints): any other key is refused. */
  hostKeySha256: string;
  remoteDir: string;
};

/** The subset of ssh2-sftp-client this transmitter uses. */
type SftpClient = {
  connect(o: Record<string, unknown>): Promise<unknown>;
  exists(p: string): Promise<false | 'd' | '-' | 'l'>;
  put(content: Buffer, p: string): Promise<unknown>;
  rename(from: string, to: string): Promise<unknown>;
  end(): Promise<unknown>;
};

/** `SHA256:<base64 without padding>` of a host key, as OpenSSH prints it. */
export const hostKeyFingerprint = (key: Buffer): string => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Real: the bank's SFTP server (`ssh2-sftp-client`, loaded only when configured). The host key is pinned
 * (`ACH_SFTP_HOST_KEY_SHA256`); a file is uploaded as `.<name>.part` in the remote directory and renamed.
 */
export function sftpNachaTransmitter(cfg: SftpSettings): NachaTransmitter {
  const remote = (name: string) => path.posix.join(cfg.remoteDir, safeName(name));
  return {
    name: 'sftp',
    async session(work) {
      // A variable specifier: the package is loaded only on installs that transmit over SFTP.
      const specifier = 'ssh2-sftp-client';
      const Client = ((await import(specifier)) as { default: new () => SftpClient }).default;
      const client = new Client();
      await client.connect({
        host: cfg.host,
        port: cfg.port,
        username: cfg.username,
        ...(cfg.privateKey ? { privateKey: cfg.privateKey } : { password: cfg.password }),
        hostVerifier: (key: Buffer) => hostKeyFingerprint(key) === cfg.hostKeySha256,
        readyTimeout: 20_000,
      });
      try {
        return await work({
          has: async (name) => (await client.exists(remote(name))) === '-',
          put: async (name, content) => {
            const part = path.posix.join(cfg.remoteDir, `.${safeName(name)}.part`);
            await client.put(content, part);
            await client.rename(part, remote(name));
          },
        });
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/** The transmitter configuration picks: the sandbox bank inbox, or the bank's SFTP server. */
export function nachaTransmitterFor(config: Pick<Config, 'achTransmit'>): AchTransmitter {
  const t = config.achTransmit.transmitter;
  if (t.kind === 'sandbox') return sandboxNachaTransmitter(t.bankInboxDir);
  const { privateKeyFile, ...sftp } = t.sftp;
  // The key is read when the transmitter is built (at start-up): a missing file fails loudly then, not at 3 a.m.
  return sftpNachaTransmitter({ ...sftp, privateKey: privateKeyFile ? fs.readFileSync(privateKeyFile, 'utf8') : undefined });
}
