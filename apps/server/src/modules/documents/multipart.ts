import { DOCUMENT_MAX_BYTES } from '@payrail/contract/documents';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadInput } from './use-cases/upload-document';

/** `document[file]` → `file`; a bare `file` is taken too. */
const unwrap = (name: string): string => /^document\[([a-z_]+)\]$/.exec(name)?.[1] ?? name;

/**
 * Reads the upload form (`document[file]`, `document[document_type_name]`, and for a proof of address the
 * optional `document[statement_date]`, `document[address]`, `document[zip_code]`) in any part order. The file
 * is cut by busboy at the size limit (`truncated`) instead of failing the request, so an oversize file
 * gets the spec's 422 message; at most 2 MB is ever held in memory. A second file is a 413.
 */
export async function readUpload(req: FastifyRequest): Promise<UploadInput> {
  const input: UploadInput = { documentTypeName: undefined, file: null };
  if (!req.isMultipart()) return input;
  // `parts()` honours throwFileSizeLimit at run time; its type omits it.
  const options: FastifyMultipartBaseOptions = {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 6, parts: 7, fieldSize: 200 },
    throwFileSizeLimit: false,
  };
  for await (const part of req.parts(options)) {
    const name = unwrap(part.fieldname);
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (name === 'file' && !input.file) input.file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated, fileName: part.filename };
    } else if (name === 'document_type_name' && input.documentTypeName === undefined) {
      input.documentTypeName = part.value;
    } else if ((name === 'statement_date' || name === 'address' || name === 'zip_code') && typeof part.value === 'string') {
      // A proof of address may come with what the applicant states about it (docs/newflow.md).
      input.stated = { ...input.stated, [name]: part.value };
    }
  }
  return input;
}
