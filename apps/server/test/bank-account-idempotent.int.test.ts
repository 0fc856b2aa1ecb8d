import type { TBankInformation } from '@payrail/contract/banking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../src/db/schema/index';
import { CLEARBROOK, HARBOR_POINT, memberAt, post, uploadDocument } from './banking-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * A double click on "save my bank account" (POST /bank_informations/verify_manual_save_api_response, the
 * same account five times at once with one token) leaves what one call leaves: one live row and no extra
 * archived history. A different account still replaces the live one and archives it.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL (where the requests really run side by side).
 */
const PARALLEL = 5;
const URL = '/api/bank_informations/verify_manual_save_api_response';
const ACCOUNT = { account_type: 'checking', routing_transfer_number: CLEARBROOK.routing, bank_account_number: '000123456789' };
const OTHER = { account_type: 'savings', routing_transfer_number: HARBOR_POINT.routing, bank_account_number: '55550001' };

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const save = (token: string, b: Record<string, unknown>) => post(app, token, URL, { bank_information: b });
const rows = (userId: number) => app.ctx.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(bankAccounts.id);
const counts = async (userId: number) => {
  const all = await rows(userId);
  return { live: all.filter((r) => r.archivedAt === null).length, archived: all.filter((r) => r.archivedAt !== null).length };
};
/** The answer without what differs per member or per call (ids and times). */
const comparable = (b: TBankInformation) => ({
  ...b,
  id: undefined,
  verified_at: b.verified_at === null ? null : 'set',
  statement_document_id: b.statement_document_id === null ? null : 'set',
});

describe('POST /api/bank_informations/verify_manual_save_api_response: the same account at once', () => {
  for (const statement of [false, true]) {
    it(`×${PARALLEL} identical calls leave the rows of one call${statement ? ' (statement on file: verified)' : ''}`, async () => {
      const [who, twin] = await Promise.all([memberAt(app, 'bank_manual_input'), memberAt(app, 'bank_manual_input')]);
      if (statement) for (const m of [who, twin]) expect((await uploadDocument(app, m.token, 'bank_statement')).statusCode).toBe(201);

      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => save(who.token, ACCOUNT)));
      const once = await save(twin.token, ACCOUNT);
      expect(once.statusCode, once.body).toBe(200);
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        expect(comparable(a.json<{ bank_information: TBankInformation }>().bank_information)).toEqual(
          comparable(once.json<{ bank_information: TBankInformation }>().bank_information),
        );
      }
      expect(await counts(who.id)).toEqual(await counts(twin.id));
      expect(await counts(who.id)).toEqual({ live: 1, archived: 0 });

      // Saving the same account again later changes nothing either.
      const again = await save(who.token, ACCOUNT);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ bank_information: TBankInformation }>().bank_information.id).toBe(
        answers[0]!.json<{ bank_information: TBankInformation }>().bank_information.id,
      );
      expect(await counts(who.id)).toEqual({ live: 1, archived: 0 });
    });
  }

  it('a different account still replaces the live one and archives it', async () => {
    const who = await memberAt(app, 'bank_manual_input');
    expect((await save(who.token, ACCOUNT)).statusCode).toBe(200);
    const [first] = await rows(who.id);

    // The same digits under another type, or another number at the same bank, are a different account.
    const otherType = await save(who.token, { ...ACCOUNT, account_type: 'savings' });
    expect(otherType.statusCode, otherType.body).toBe(200);
    expect(otherType.json<{ bank_information: TBankInformation }>().bank_information).toMatchObject({
      account_type: 'savings',
      routing_transfer_number: CLEARBROOK.routing,
      bank_account_number: '********6789',
    });
    expect(await counts(who.id)).toEqual({ live: 1, archived: 1 });

    const other = await save(who.token, OTHER);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<{ bank_information: TBankInformation }>().bank_information).toMatchObject({
      account_type: 'savings',
      routing_transfer_number: HARBOR_POINT.routing,
      bank_account_number: '****0001',
      bank_name: HARBOR_POINT.name,
    });
    expect(await counts(who.id)).toEqual({ live: 1, archived: 2 });
    const all = await rows(who.id);
    expect(all.find((r) => r.id === first!.id)!.archivedAt).not.toBeNull();
    expect(all.filter((r) => r.archivedAt === null)[0]).toMatchObject({
      accountType: 'savings',
      routingNumber: HARBOR_POINT.routing,
      accountNumberLast4: '0001',
    });

    // Back to the first account: a replacement too (the live one differs), not a no-op.
    expect((await save(who.token, ACCOUNT)).statusCode).toBe(200);
    expect(await counts(who.id)).toEqual({ live: 1, archived: 3 });
  });

  it('a statement uploaded since the last save makes the same account a verified replacement, as one call would', async () => {
    const who = await memberAt(app, 'bank_manual_input');
    const unverified = await save(who.token, ACCOUNT);
    expect(unverified.json<{ bank_information: TBankInformation }>().bank_information.verified_at).toBeNull();
    expect((await uploadDocument(app, who.token, 'bank_statement')).statusCode).toBe(201);
    const verified = await save(who.token, ACCOUNT);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ bank_information: TBankInformation }>().bank_information).toMatchObject({
      verified_at: expect.any(String),
      statement_document_id: expect.any(Number),
    });
    expect(await counts(who.id)).toEqual({ live: 1, archived: 1 });
  });
});
