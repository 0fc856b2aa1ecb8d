import type { S3Config } from '../../config';
import { assertStorageKey, type FileStorage } from './port';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4';

type Fetch = typeof fetch;

/**
 * An S3-compatible bucket over plain fetch and SigV4 (no SDK). Without S3_ENDPOINT it talks to AWS in
 * virtual-hosted style (`https://<bucket>.s3.<region>.amazonaws.com/<key>`); with one (MinIO, R2, …) in
 * path style (`<endpoint>/<bucket>/<key>`). Objects are private; the server reads them and serves them
 * to their owner.
 */
export function s3Storage(cfg: S3Config, deps: { fetch?: Fetch; now?: () => Date; timeoutMs?: number } = {}): FileStorage {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const creds = { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, region: cfg.region, service: 's3' };
  const base = cfg.endpoint ? `${cfg.endpoint.replace(/\/+$/, '')}/${uriEncode(cfg.bucket)}` : `https://${cfg.bucket}.s3.${cfg.region}.amazonaws.com`;

  const objectUrl = (key: string): URL => {
    assertStorageKey(key);
    return new URL(`${base}/${key.split('/').map(uriEncode).join('/')}`);
  };

  const send = async (method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, body?: { bytes: Uint8Array; contentType: string }): Promise<Response> => {
    const url = objectUrl(key);
    const headers = signRequest(
      { method, url, headers: body ? { 'content-type': body.contentType } : {}, payloadHash: body ? sha256Hex(body.bytes) : EMPTY_PAYLOAD_SHA256 },
      creds,
      now(),
    );
    return doFetch(url, { method, headers, ...(body ? { body: body.bytes } : {}), signal: AbortSignal.timeout(timeoutMs) });
  };

  const failure = async (op: string, res: Response): Promise<Error> => {
    // S3 answers an XML error document; its <Code> is enough to diagnose, the rest may echo the request.
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(await res.text().catch(() => ''))?.[1];
    return new Error(`S3 ${op} answered ${res.status}${code ? ` ${code}` : ''}`);
  };

  return {
    provider: 's3',
    async put(key, bytes, contentType) {
      const res = await send('PUT', key, { bytes, contentType });
      if (!res.ok) throw await failure('PUT', res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await failure('GET', res);
      return Buffer.from(await res.arrayBuffer());
    },
    async has(key) {
      const res = await send('HEAD', key);
      await res.arrayBuffer();
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD answered ${res.status}`);
      return true;
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await failure('DELETE', res);
      await res.arrayBuffer();
    },
  };
}
