import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for a request whose payload hash is known (single-chunk upload), written with
 * node:crypto only. Spec: "Authenticating Requests: Using the Authorization Header (AWS Signature
 * Version 4)". `sigv4.test.ts` checks it against the documented S3 GET and PUT examples.
 */
export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };
export type SigV4Request = { method: string; url: URL; headers?: Record<string, string>; payloadHash: string };

/** SHA-256 of an empty payload (GET, DELETE). */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20130524T000000Z` */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalUri(url: URL): string {
  // S3 encodes each path segment once (other services encode twice; this client only talks to S3).
  return (
    url.pathname
      .split('/')
      .map((seg) => uriEncode(decodeURIComponent(seg)))
      .join('/') || '/'
  );
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The headers that are signed: the caller's plus host, x-amz-date and x-amz-content-sha256, lower-cased. */
function headersToSign(req: SigV4Request, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) out[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  out.host = req.url.host;
  out['x-amz-date'] = amzDate(date);
  out['x-amz-content-sha256'] = req.payloadHash;
  return out;
}

/** Step 1 of the spec: the canonical request, and the list of signed header names. */
export function canonicalRequest(req: SigV4Request, date: Date): { canonical: string; signedHeaders: string } {
  const headers = headersToSign(req, date);
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    req.method.toUpperCase(),
    canonicalUri(req.url),
    canonicalQuery(req.url),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/**
 * Signs a request: answers the headers to send (the caller's, x-amz-date, x-amz-content-sha256 and
 * authorization). `host` is signed but not returned; fetch sets it from the URL.
 */
export function signRequest(req: SigV4Request, creds: SigV4Credentials, date: Date): Record<string, string> {
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const { canonical, signedHeaders } = canonicalRequest(req, date);
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), creds.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    ...req.headers,
    'x-amz-date': stamp,
    'x-amz-content-sha256': req.payloadHash,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
