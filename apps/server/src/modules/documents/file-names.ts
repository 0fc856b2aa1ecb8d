import type { DocumentExtension } from '@payrail/contract/documents';
import type { FastifyReply } from 'fastify';

const MAX_STEM = 100;

/**
 * The name a document is shown and downloaded under: the uploaded name without any path, control or
 * invisible characters, or characters that mean something to a shell or a header; at most 100
 * characters before the extension; and always the extension of the type found in the content (a PNG
 * uploaded as `scan.pdf` is kept as `scan.png`). Never used on disk: storage keys are random.
 */
export function cleanFileName(uploaded: string | undefined, ext: DocumentExtension, fallbackStem: string): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{C}/gu, '')
    .replace(/[^\p{L}\p{M}\p{N} ._()+,-]/gu, '_')
    .replace(/\s+/gu, ' ');
  const stem = cleaned
    .replace(/\.[\p{L}\p{N}]{1,5}$/u, '')
    .replace(/^[.\s]+/u, '')
    .trim();
  const short = [...stem].slice(0, MAX_STEM).join('').trim();
  return `${short || fallbackStem}.${ext}`;
}

/** `Content-Disposition` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a member's or a staff member's file: its type, shown in the browser (`inline`) or saved
 * (`attachment`) under `fileName`, never sniffed into another type, never stored by a cache.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  f: { contentType: string; disposition: 'inline' | 'attachment'; fileName: string; bytes: Uint8Array | Buffer },
) {
  return reply
    .type(f.contentType)
    .header('content-disposition', contentDisposition(f.disposition, f.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(f.bytes);
}
