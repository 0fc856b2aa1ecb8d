import { AVATAR_FIELD, AVATAR_MAX_BYTES, ZAvatarParams, ZAvatarResponse } from '@payrail/contract/identity';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { registerMultipartReader } from '../../http/multipart';
import { signedIn } from './http';
import { type AvatarUpload, readAvatar, updateAvatar } from './use-cases/update-avatar';

/** Photo uploads per address and minute; each one can be 5 MB of storage. */
const AVATAR_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/**
 * Reads the `avatar` file part. Busboy cuts the file one byte past the limit (`truncated`) instead of
 * failing the request, so an oversize photo answers the spec's 422 message and not a 413; at most
 * 5 MB + 1 byte is held in memory. Other parts are drained and ignored.
 */
async function readAvatarUpload(req: FastifyRequest): Promise<AvatarUpload> {
  if (!req.isMultipart()) return null;
  // `parts()` honours throwFileSizeLimit at run time; its type omits it.
  const options: FastifyMultipartBaseOptions = {
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 200 },
    throwFileSizeLimit: false,
  };
  let upload: AvatarUpload = null;
  for await (const part of req.parts(options)) {
    if (part.type !== 'file') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.fieldname === AVATAR_FIELD && !upload) upload = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
  }
  return upload;
}

/** The profile photo (access §5): upload for the signed-in borrower, and a public, cacheable read. */
export function avatarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    await registerMultipartReader(app);
    app.patch('/users/avatar', { config: { ...session, rateLimit: AVATAR_RATE_LIMIT }, schema: { response: { 200: ZAvatarResponse } } }, async (req) =>
      updateAvatar(ctx, signedIn(req).member.id, await readAvatarUpload(req)),
    );

    // Public so an <img> can show it; the 256-bit key is the only way to name a photo.
    app.get('/avatars/:key', { schema: { params: ZAvatarParams } }, async (req, reply) => {
      const photo = await readAvatar(ctx, req.params.key);
      if (!photo) throw AppError.notFound();
      return reply.type(photo.contentType).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(photo.bytes);
    });
  };
}
