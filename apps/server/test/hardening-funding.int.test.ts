import type { TFundResponse } from '@payrail/contract/backoffice';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disbursements, loans } from '../src/db/schema/index';
import { ALREADY_FUNDED } from '../src/modules/loan-book/use-cases/fund-application';
import { classicApp, staffToken } from './application-helpers';
import { auth, call } from './identity-helpers';
import { approvedAndSigned } from './servicing-helpers';
import type { TestApp } from './test-app';

/** Issue #14 §6: same-key funding retries answer the first result, also when 30 arrive at once (PostgreSQL with TEST_DB=postgres). */
let app: TestApp;
let underwriter: string;
let servicer: string;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  [underwriter, servicer] = await Promise.all([staffToken(app, 'underwriter@payrail.test'), staffToken(app, 'servicer@payrail.test')]);
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const fund = (userId: number, key: string) =>
  call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/fund`, headers: { ...auth(servicer), 'idempotency-key': key } });

describe('idempotent funding under concurrency', () => {
  it('30 simultaneous calls with one key all answer 200 with the same loan; one loan, one disbursement', async () => {
    const who = await approvedAndSigned(app, { underwriter });
    const key = `fund-race-${who.id}`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => fund(who.id, key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const bodies = answers.map((r) => r.json<TFundResponse>());
    expect(new Set(bodies.map((b) => b.loan.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.disbursement.id)).size).toBe(1);
    const rows = await db().select().from(loans).where(eq(loans.userId, who.id));
    expect(rows).toHaveLength(1);
    expect(await db().select().from(disbursements).where(eq(disbursements.loanId, rows[0]!.id))).toHaveLength(1);
    // Another key on the funded application is still a 409.
    const other = await fund(who.id, `${key}-other`);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: ALREADY_FUNDED });
  });

  it("a same-key call whose first look came before the twin committed answers the twin's result, not 409", async () => {
    const who = await approvedAndSigned(app, { underwriter });
    const key = `fund-late-${who.id}`;
    const first = await fund(who.id, key);
    expect(first.statusCode).toBe(200);
    // Replay the interleaving deterministically: this call's first look-up of the key saw nothing yet.
    const repo = app.ctx.repos.loanBook;
    const real = repo.disbursementByKey;
    let looks = 0;
    repo.disbursementByKey = async (k: string) => (looks++ === 0 ? undefined : real(k));
    try {
      const late = await fund(who.id, key);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).toEqual(first.json());
    } finally {
      repo.disbursementByKey = real;
    }
  });
});
