import { AVATAR_MAX_BYTES } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/** What the multipart reader found under `avatar`: the bytes (cut just past the limit) or nothing. */
export type AvatarUpload = { bytes: Buffer; truncated: boolean } | null;

/** The photo types accepted by content (png, jpeg/jpg), and the suffix their key carries. */
const SUFFIX_BY_MIME: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const MIME_BY_SUFFIX: Record<'png' | 'jpg', string> = { png: 'image/png', jpg: 'image/jpeg' };

/** Public URL of a photo; its last segment is the key. */
export const AVATAR_URL_PREFIX = '/api/avatars/';
const storageKeyOf = (key: string): string => `avatars/${key}`;

/** The key of a URL this server made, or null for anything else (a seeded or foreign URL). */
function keyOfUrl(url: string | null): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const key = url.slice(AVATAR_URL_PREFIX.length);
  return /^[0-9a-f]{64}-(?:png|jpg)$/.test(key) ? key : null;
}

/**
 * PATCH /users/avatar (access §5): a PNG or JPEG by content, at most 5,242,880 bytes. Everything is
 * checked before anything is stored; then the bytes are sealed under a random key, the member's avatar
 * is pointed at the new URL and the replaced photo's bytes are removed.
 */
export async function updateAvatar(ctx: AppContext, userId: number, upload: AvatarUpload): Promise<{ url: string }> {
  if (upload && (upload.truncated || upload.bytes.length > AVATAR_MAX_BYTES)) throw AppError.fields({ avatar: [MSG.photoTooLarge] });
  const found = upload && upload.bytes.length > 0 ? await fileTypeFromBuffer(upload.bytes) : undefined;
  const suffix = found ? SUFFIX_BY_MIME[found.mime] : undefined;
  if (!upload || !suffix) throw AppError.fields({ avatar: [MSG.photoWrongType] });

  const key = `${randomBytes(32).toString('hex')}-${suffix}`;
  const storageKey = storageKeyOf(key);
  const box = await ctx.cryptoBox();
  // Journal first: if the process dies before the photo is on the profile, the sweeper removes the file.
  await ctx.hooks.identity.uploadBegun(ctx, storageKey, ctx.now());
  await ctx.providers.storage.put(storageKey, box.sealBytes(upload.bytes, storageKey), 'application/octet-stream');
  const url = `${AVATAR_URL_PREFIX}${key}`;
  let previous: string | null;
  try {
    previous = await ctx.repos.identity.replaceAvatar(userId, url, ctx.now());
  } catch (err) {
    await ctx.providers.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  await ctx.hooks.identity.uploadEnded(ctx, storageKey).catch(() => undefined);
  const oldKey = keyOfUrl(previous);
  // The new photo is in place either way; a leftover old file is only wasted space.
  if (oldKey && oldKey !== key) await ctx.providers.storage.delete(storageKeyOf(oldKey)).catch(() => undefined);
  return { url };
}

/** GET /avatars/{key}: the photo's bytes and type, or null when nothing is stored under the key. */
export async function readAvatar(ctx: AppContext, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const storageKey = storageKeyOf(key);
  const sealed = await ctx.providers.storage.get(storageKey);
  if (!sealed) return null;
  const box = await ctx.cryptoBox();
  const suffix = key.endsWith('-png') ? 'png' : 'jpg';
  return { bytes: box.openBytes(sealed, storageKey), contentType: MIME_BY_SUFFIX[suffix] };
}
