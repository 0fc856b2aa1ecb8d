import { describe, expect, it } from 'vitest';
import { canonicalRequest, EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4';

// The example credentials and requests of the AWS S3 SigV4 documentation
// ("Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk").
const creds = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 's3' };
const at = new Date('2013-05-24T00:00:00Z');

describe('SigV4', () => {
  it('signs the documented GET Object example', () => {
    const req = {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_SHA256,
    };
    const { canonical } = canonicalRequest(req, at);
    expect(canonical).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(sha256Hex(canonical)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(signRequest(req, creds, at).authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the documented PUT Object example (a path character that must be encoded)', () => {
    const body = 'Welcome to Amazon S3.';
    const req = {
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    };
    expect(req.payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    expect(canonicalRequest(req, at).canonical.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signRequest(req, creds, at).authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('sorts and encodes the query string and keeps a non-default port in host', () => {
    const req = { method: 'GET', url: new URL('http://minio:9000/bucket/a/b?prefix=x y&list-type=2&acl'), payloadHash: EMPTY_PAYLOAD_SHA256 };
    const lines = canonicalRequest(req, at).canonical.split('\n');
    expect(lines.slice(0, 4)).toEqual(['GET', '/bucket/a/b', 'acl=&list-type=2&prefix=x%20y', 'host:minio:9000']);
    expect(uriEncode("a b/c!*'()~")).toBe('a%20b%2Fc%21%2A%27%28%29~');
  });
});
