import { AVATAR_MAX_BYTES, type TTokenIsValidResponse } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMembers } from '../src/db/schema/index';
import { multipart, tinyJpeg, tinyPng } from './document-files';
import { PASSWORD, auth, call, login, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-avatar-'));
  app = await testApp({ config: { dataDir } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every stored photo file (the storage root's avatars folder). */
function storedAvatars(): string[] {
  const root = path.join(dataDir, 'files', 'avatars');
  return fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
}

const photoForm = (data: Buffer, filename: string, contentType: string) => multipart([{ name: 'avatar', filename, contentType, data }]);
const upload = (token: string | null, form: { payload: Buffer; headers: Record<string, string> }) =>
  call(app, { method: 'PATCH', url: '/api/users/avatar', headers: { ...form.headers, ...(token ? auth(token) : {}) }, payload: form.payload });
const signInAgain = async (id: number) => ({ email: (await app.ctx.repos.identity.findMemberById(id))!.email });
const avatarColumn = async (id: number) =>
  (await app.ctx.database.db.select({ avatar: applicationMembers.avatar }).from(applicationMembers).where(eq(applicationMembers.id, id)))[0]?.avatar;

describe('PATCH /api/users/avatar', () => {
  it('stores a PNG, serves the same bytes publicly and answers it in the session check', async () => {
    const { token, id } = await signUpConfirmed(app);
    const png = tinyPng();
    const res = await upload(token, photoForm(png, 'me.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{64}-png$/);
    expect(await avatarColumn(id)).toBe(url);

    const served = await call(app, { url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    const session = await call(app, { url: '/api/token_is_valid', headers: auth(token) });
    expect(session.json<TTokenIsValidResponse>().avatar).toBe(url);
    const { email } = await signInAgain(id);
    expect((await login(app, email, PASSWORD)).json<{ data: { avatar: string | null } }>().data.avatar).toBe(url);
    // Sealed at rest: the stored file is not the PNG itself.
    const [file] = storedAvatars().filter((f) => url.endsWith(f));
    expect(file).toBeDefined();
    expect(fs.readFileSync(path.join(dataDir, 'files', 'avatars', file!)).includes(png.subarray(1, 4))).toBe(false);
  });

  it('stores a JPEG and a replacement deletes the old bytes', async () => {
    const { token, id } = await signUpConfirmed(app);
    const first = (await upload(token, photoForm(tinyPng(), 'a.png', 'image/png'))).json<{ url: string }>().url;
    const jpeg = tinyJpeg();
    const res = await upload(token, photoForm(jpeg, 'me.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{64}-jpg$/);
    expect(await avatarColumn(id)).toBe(url);
    const served = await call(app, { url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await call(app, { url: first })).statusCode).toBe(404);
    expect(storedAvatars().some((f) => first.endsWith(f))).toBe(false);
  });

  it('refuses a text file renamed to .png by content, and stores nothing', async () => {
    const { token, id } = await signUpConfirmed(app);
    const before = storedAvatars();
    const res = await upload(token, photoForm(Buffer.from('just some text, not a picture\n'.repeat(20)), 'photo.png', 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { avatar: [MSG.photoWrongType] } });
    expect(storedAvatars()).toEqual(before);
    expect(await avatarColumn(id)).toBeNull();
  });

  it('refuses a form without the photo with the type message', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await upload(token, multipart([{ name: 'other', value: 'x' }]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { avatar: [MSG.photoWrongType] } });
  });

  it('accepts exactly 5 MB and refuses 5,242,881 bytes with the too-large message (not a 413)', async () => {
    const { token, id } = await signUpConfirmed(app);
    const png = tinyPng();
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const ok = await upload(token, photoForm(exact, 'big.png', 'image/png'));
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json<{ url: string }>().url;

    const before = storedAvatars();
    const res = await upload(token, photoForm(Buffer.concat([exact, Buffer.alloc(1)]), 'huge.png', 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { avatar: [MSG.photoTooLarge] } });
    expect(storedAvatars()).toEqual(before);
    expect(await avatarColumn(id)).toBe(url);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = storedAvatars();
    const res = await upload(null, photoForm(tinyPng(), 'me.png', 'image/png'));
    expect(res.statusCode).toBe(401);
    expect(storedAvatars()).toEqual(before);
  });

  it('answers 404 for an unknown photo key', async () => {
    expect((await call(app, { url: `/api/avatars/${'a'.repeat(64)}-png` })).statusCode).toBe(404);
  });
});
