import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const setFlags = (token: string, id: number, payload: Record<string, unknown>) =>
  call(app, { method: 'PATCH', url: `/api/backoffice/members/${id}/servicer_flags`, headers: auth(token), payload });
const session = async (token: string) => (await call(app, { url: '/api/token_is_valid', headers: auth(token) })).json<TTokenIsValidResponse>();

describe('servicer flags (hasNelNet, hasJackHenry) are per-account data', () => {
  it('a servicer sets them; the session check answers them at once; the change is audited with before and after', async () => {
    const who = await signUpConfirmed(app);
    expect(await session(who.token)).toMatchObject({ has_nelnet: false, has_jack_henry: false, loan_borrower: { nelnet_id: null } });
    const servicer = await staffToken(app, 'servicer@payrail.test');
    const res = await setFlags(servicer, who.id, { has_nelnet: true, nelnet_id: ' NN-1234 ', has_jack_henry: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ has_nelnet: true, nelnet_id: 'NN-1234', has_jack_henry: true });
    expect(await session(who.token)).toMatchObject({ has_nelnet: true, has_jack_henry: true, loan_borrower: { nelnet_id: 'NN-1234' } });
    // The back office's application page shows them.
    const detail = await call(app, { url: `/api/backoffice/applications/${who.id}`, headers: auth(servicer) });
    expect(detail.json()).toMatchObject({ servicer_flags: { has_nelnet: true, nelnet_id: 'NN-1234', has_jack_henry: true } });
    const off = await setFlags(servicer, who.id, { has_nelnet: false, nelnet_id: null, has_jack_henry: false });
    expect(off.json()).toEqual({ has_nelnet: false, nelnet_id: null, has_jack_henry: false });
    const actions = await app.ctx.database.db.select().from(staffActions).where(eq(staffActions.targetUserId, who.id)).orderBy(staffActions.id);
    expect(actions.map((a) => [a.action, a.before, a.after])).toEqual([
      ['set_servicer_flags', { has_nelnet: false, nelnet_id: null, has_jack_henry: false }, { has_nelnet: true, nelnet_id: 'NN-1234', has_jack_henry: true }],
      ['set_servicer_flags', { has_nelnet: true, nelnet_id: 'NN-1234', has_jack_henry: true }, { has_nelnet: false, nelnet_id: null, has_jack_henry: false }],
    ]);
  });

  it('hasNelNet needs the servicer id; an unknown member is 404; other roles 403; borrowers and visitors 401', async () => {
    const who = await signUpConfirmed(app);
    const admin = await staffToken(app, 'admin@payrail.test');
    const missing = await setFlags(admin, who.id, { has_nelnet: true, nelnet_id: null, has_jack_henry: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { nelnet_id: ["can't be blank"] } });
    expect((await setFlags(admin, 2_000_000_000, { has_nelnet: false, nelnet_id: null, has_jack_henry: true })).statusCode).toBe(404);
    expect(
      (await setFlags(await staffToken(app, 'underwriter@payrail.test'), who.id, { has_nelnet: false, nelnet_id: null, has_jack_henry: true })).statusCode,
    ).toBe(403);
    expect((await setFlags(who.token, who.id, { has_nelnet: false, nelnet_id: null, has_jack_henry: true })).statusCode).toBe(401);
    expect((await session(who.token)).has_jack_henry).toBe(false);
  });
});
