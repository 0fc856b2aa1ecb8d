import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { sha256Hex, signRequest } from '../src/adapters/storage/sigv4';

/**
 * A small S3-compatible object store for `npm run test:scale`: path-style PUT / GET / DELETE of objects
 * in one bucket, kept in memory, listening on 127.0.0.1 only. Every request must carry a valid SigV4
 * signature for the configured key pair (recomputed here: a wrong secret, a changed body or a replayed
 * date older than 15 minutes answers 403), as the real service would.
 */
export type LocalS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  requests: { put: number; get: number; delete: number; refused: number };
  close(): Promise<void>;
};

const xmlError = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;

export async function startLocalS3(opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'payrail-scale';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = opts.accessKeyId ?? 'scale-access-key';
  const secretAccessKey = opts.secretAccessKey ?? 'scale-secret-key-not-a-real-one';
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests = { put: 0, get: 0, delete: 0, refused: 0 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      const refuse = (status: number, code: string) => {
        requests.refused++;
        res.writeHead(status, { 'content-type': 'application/xml' }).end(xmlError(code));
      };
      const auth = req.headers.authorization ?? '';
      const stamp = String(req.headers['x-amz-date'] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
      if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !m) return refuse(403, 'AccessDenied');
      const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
      if (Math.abs(Date.now() - date.getTime()) > 15 * 60_000) return refuse(403, 'RequestTimeTooSkewed');
      if (payloadHash !== sha256Hex(body)) return refuse(400, 'XAmzContentSHA256Mismatch');
      const contentType = req.headers['content-type'];
      const expected = signRequest(
        { method: req.method ?? 'GET', url, headers: req.method === 'PUT' && contentType ? { 'content-type': contentType } : {}, payloadHash },
        { accessKeyId, secretAccessKey, region, service: 's3' },
        date,
      ).authorization!;
      if (expected.length !== auth.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(auth))) return refuse(403, 'SignatureDoesNotMatch');

      const [, b, ...rest] = url.pathname.split('/');
      if (b !== bucket) return refuse(404, 'NoSuchBucket');
      const key = rest.map(decodeURIComponent).join('/');
      if (!key) return refuse(400, 'InvalidRequest');
      if (req.method === 'PUT') {
        requests.put++;
        objects.set(key, { bytes: body, contentType: contentType ?? 'application/octet-stream' });
        return res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      }
      if (req.method === 'GET') {
        requests.get++;
        const o = objects.get(key);
        if (!o) return res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey'));
        return res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.bytes.length }).end(o.bytes);
      }
      if (req.method === 'DELETE') {
        requests.delete++;
        objects.delete(key);
        return res.writeHead(204).end();
      }
      return refuse(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${String(port)}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
