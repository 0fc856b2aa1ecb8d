/**
 * Query budgets (issue 29, docs/performance.md "Query budgets"): how many SQL statements one request of
 * each benched route and of each hot read of a signed-in page sends, counted (not timed) on an app with
 * production settings (as `bench:api` runs it: no business-clock read), one request at a time. A count
 * above the budget fails. Transaction control (BEGIN/COMMIT) is not counted (support/statement-counter.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedBorrower } from './servicing-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { referenceDataKept } from '../src/modules/reference/reference-cache';
import { countStatements } from './support/statement-counter';
import { type TestApp, testApp, testDatabase } from './test-app';

type Probe = {
  name: string;
  budget: number;
  kept?: boolean;
  method?: 'GET' | 'POST';
  url: string;
  who?: 'funded' | 'editor';
  body?: Record<string, unknown>;
  status?: number;
};

/**
 * The budgets; reference data is counted on its second request (the first loads it). `kept`: the signed-in reads
 * answered from a kept answer (http/kept-member-answers.ts): one statement while the member's data is unchanged,
 * at most two (the session read and the route's statement) once it moved.
 */
export const BUDGETS: Probe[] = [
  { name: 'token_is_valid', kept: true, budget: 1, url: '/api/token_is_valid', who: 'funded' },
  { name: 'loans/ongoing_loans', kept: true, budget: 2, url: '/api/loans/ongoing_loans', who: 'funded' },
  { name: 'update_field', budget: 2, method: 'POST', url: '/api/about_yourself/update_field', who: 'editor', body: { loan_borrower: { city: 'Wilmington' } } },
  { name: 'states', budget: 0, url: '/api/states' },
  { name: 'employers', budget: 0, url: '/api/employers?search=pos' },
  { name: 'loan_purposes', budget: 0, url: '/api/loan_purposes' },
  { name: 'agreement_document', budget: 0, url: '/api/agreement_document?agreement=privacy_notice' },
  { name: 'notifications', kept: true, budget: 2, url: '/api/notifications', who: 'funded' },
  { name: 'banners', kept: true, budget: 2, url: '/api/banners', who: 'funded' },
  { name: 'benefits', kept: true, budget: 2, url: '/api/benefits', who: 'funded' },
  { name: 'loans/last', kept: true, budget: 2, url: '/api/loans/last', who: 'funded' },
  { name: 'loans/history/payments', kept: true, budget: 2, url: '/api/loans/history/payments', who: 'funded' },
];

describe('query budgets: statements per request', () => {
  let fixtures: TestApp;
  let app: TestApp;
  const tokens: Record<'funded' | 'editor', string> = { funded: '', editor: '' };
  const counts: Record<string, number> = {};
  const misses: Record<string, number> = {};

  beforeAll(async () => {
    fixtures = await testApp();
    const [funded, editor] = [await fundedBorrower(fixtures), await signUpConfirmed(fixtures)];
    tokens.funded = funded.token;
    tokens.editor = editor.token;
    // The counted app runs with production settings, as the bench's Payrail process does; it shares the
    // fixtures' encryption key (outside production one is generated and kept in the database).
    const database = await testDatabase();
    const secret = (await database.db.execute(sql`select value from install_secrets where name = 'encryption_key'`)) as unknown as {
      rows: { value: string }[];
    };
    const [key] = secret.rows;
    app = await testApp({ config: { env: 'production', ...(key ? { encryptionKey: Buffer.from(key.value, 'base64url') } : {}) } });
  });
  afterAll(async () => {
    console.log(
      `statements per request: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; kept answers' misses: ${Object.entries(misses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    await app?.close();
    await fixtures?.close();
  });

  for (const probe of BUDGETS) {
    it(`${probe.name}: at most ${probe.budget}`, async () => {
      const request = () =>
        call(app, {
          method: probe.method ?? 'GET',
          url: probe.url,
          headers: probe.who ? auth(tokens[probe.who]) : {},
          ...(probe.body ? { payload: probe.body } : {}),
        });
      let first = await request(); // loads what an app keeps (reference data, prepared statements)
      expect(first.statusCode, first.body).toBe(probe.status ?? 200);
      if (!probe.who) {
        // On PostgreSQL reference answers are kept once the app listens for changes (its first reference request starts that).
        for (let i = 0; i < 100 && !referenceDataKept(app.ctx); i++) await new Promise((r) => setTimeout(r, 20));
        expect(referenceDataKept(app.ctx)).toBe(true);
        first = await request();
      }
      const database = await testDatabase();
      // On the embedded database a session check reuses an unchanged answer (describe-session.ts): a write
      // in between makes the counted request do its work.
      if (probe.who) await database.db.execute(sql`update install_secrets set value = value where false`);
      let again = first;
      const statements = await countStatements(database, async () => {
        again = await request();
      });
      expect(again.statusCode, again.body).toBe(probe.status ?? 200);
      expect(again.body).toBe(first.body);
      counts[probe.name] = statements.length;
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(probe.budget);
      if (probe.kept) {
        // A kept answer (http/kept-member-answers.ts) is the one session read above; a miss (the data moved) is
        // that read plus the route's own statement.
        expect(statements.length).toBe(1);
        await database.db.execute(sql`update data_versions set version = nextval('kept_version_seq')`);
        const miss = await countStatements(database, async () => {
          again = await request();
        });
        expect(again.body).toBe(first.body);
        misses[probe.name] = miss.length;
        expect(miss.length, miss.join('\n')).toBeLessThanOrEqual(2);
      }
    });
  }
});
