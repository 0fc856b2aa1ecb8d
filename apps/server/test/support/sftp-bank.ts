/**
 * A minimal in-memory SFTP server (ssh2's Server) standing in for the bank's pickup in tests: password
 * login, and the requests the transmitter makes (realpath, stat/lstat, open/write/close, rename). Files
 * live in `files` by absolute path.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

type Sftp = {
  on(event: string, fn: (...args: never[]) => void): Sftp;
  status(reqid: number, code: number): void;
  handle(reqid: number, handle: Buffer): void;
  attrs(reqid: number, attrs: Record<string, number>): void;
  name(reqid: number, names: { filename: string; longname: string; attrs: Record<string, number> }[]): void;
};
type Ssh2 = {
  Server: new (
    cfg: { hostKeys: string[] },
    onClient: (client: { on(event: string, fn: (...args: never[]) => void): unknown }) => void,
  ) => { listen(port: number, host: string, cb: () => void): void; address(): { port: number }; close(): void };
  utils: {
    generateKeyPairSync(type: 'ed25519'): { private: string; public: string };
    parseKey(key: string): { getPublicSSH(): Buffer };
    sftp: { STATUS_CODE: Record<string, number> };
  };
};

const ssh2 = createRequire(import.meta.url)('ssh2') as Ssh2;
const { OK, NO_SUCH_FILE, FAILURE } = ssh2.utils.sftp.STATUS_CODE as { OK: number; NO_SUCH_FILE: number; FAILURE: number };

export type SftpBank = { port: number; hostKeySha256: string; files: Map<string, Buffer>; renames: string[]; close: () => void };

export function startSftpBank(user: string, password: string): Promise<SftpBank> {
  const keys = ssh2.utils.generateKeyPairSync('ed25519');
  const publicSsh = ssh2.utils.parseKey(keys.public).getPublicSSH();
  const hostKeySha256 = `SHA256:${createHash('sha256').update(publicSsh).digest('base64').replace(/=+$/, '')}`;
  const files = new Map<string, Buffer>();
  const renames: string[] = [];
  const abs = (p: string) => path.posix.resolve('/inbox', p);
  const server = new ssh2.Server({ hostKeys: [keys.private] }, (client) => {
    client.on('authentication', ((ctx: { method: string; username: string; password?: string; accept(): void; reject(m?: string[]): void }) => {
      if (ctx.method === 'password' && ctx.username === user && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    }) as never);
    client.on('error', (() => undefined) as never);
    client.on('ready', (() => {
      client.on('session', ((accept: () => { on(e: string, fn: (accept: () => Sftp) => void): void }) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<string, { file: string; chunks: Buffer[] }>();
          let next = 0;
          sftp.on('REALPATH', ((reqid: number, p: string) => sftp.name(reqid, [{ filename: abs(p), longname: abs(p), attrs: {} }])) as never);
          const stat = ((reqid: number, p: string) => {
            const f = abs(p);
            if (f === '/inbox') return sftp.attrs(reqid, { mode: 0o040700, size: 0, uid: 0, gid: 0, atime: 0, mtime: 0 });
            const bytes = files.get(f);
            if (!bytes) return sftp.status(reqid, NO_SUCH_FILE);
            sftp.attrs(reqid, { mode: 0o100600, size: bytes.length, uid: 0, gid: 0, atime: 0, mtime: 0 });
          }) as never;
          sftp.on('STAT', stat).on('LSTAT', stat);
          sftp.on('OPEN', ((reqid: number, p: string) => {
            const h = Buffer.from(String(next++));
            open.set(h.toString(), { file: abs(p), chunks: [] });
            sftp.handle(reqid, h);
          }) as never);
          sftp.on('WRITE', ((reqid: number, h: Buffer, offset: number, data: Buffer) => {
            const o = open.get(h.toString());
            if (!o) return sftp.status(reqid, FAILURE);
            o.chunks.push(Buffer.from(data));
            sftp.status(reqid, OK);
          }) as never);
          sftp.on('FSTAT', ((reqid: number) => sftp.attrs(reqid, { mode: 0o100600, size: 0, uid: 0, gid: 0, atime: 0, mtime: 0 })) as never);
          sftp.on('CLOSE', ((reqid: number, h: Buffer) => {
            const o = open.get(h.toString());
            if (o) files.set(o.file, Buffer.concat(o.chunks));
            open.delete(h.toString());
            sftp.status(reqid, OK);
          }) as never);
          sftp.on('RENAME', ((reqid: number, from: string, to: string) => {
            const bytes = files.get(abs(from));
            if (!bytes || files.has(abs(to))) return sftp.status(reqid, FAILURE);
            files.delete(abs(from));
            files.set(abs(to), bytes);
            renames.push(abs(to));
            sftp.status(reqid, OK);
          }) as never);
        });
      }) as never);
    }) as never);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, hostKeySha256, files, renames, close: () => server.close() })),
  );
}
