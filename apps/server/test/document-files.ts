import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Tiny, valid files of each accepted type (and some that are not), made in memory for upload tests. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 1×1 grey PNG. */
export function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JFIF header, some bytes and the end-of-image marker: enough for magic-byte detection. */
export function tinyJpeg(): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, randomBytes(64), Buffer.from([0xff, 0xd9])]);
}

/** A minimal PDF, padded with a comment to `size` bytes when asked. */
export function tinyPdf(size?: number): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
  if (size === undefined) return body;
  return Buffer.concat([body, Buffer.from('%'), Buffer.alloc(size - body.length - 2, 0x41), Buffer.from('\n')]);
}

export const tinyGif = (): Buffer => Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----PayrailBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The classic upload form: `document[file]` and `document[document_type_name]`. */
export function documentForm(file: { data: Buffer; filename: string; contentType?: string } | null, type: string | null = 'driver_license') {
  const parts: Part[] = [];
  if (type !== null) parts.push({ name: 'document[document_type_name]', value: type });
  if (file) parts.push({ name: 'document[file]', filename: file.filename, contentType: file.contentType ?? 'application/octet-stream', data: file.data });
  return multipart(parts);
}
