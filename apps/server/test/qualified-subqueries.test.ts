import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { describe, expect, it } from 'vitest';
import { employerAccountsRepository } from '../src/modules/employer-portal/accounts.repository';
import type { Db } from '../src/db/client';
import { rewardsColumn } from '../src/db/member-columns';
import { employerUsers, employers } from '../src/db/schema/index';
import { qualified } from '../src/db/qualified';

/** A drizzle over nothing: builds statements, runs none. */
const db = drizzle(async () => ({ rows: [] }));

describe('correlated subqueries name the outer table (qualified)', () => {
  it('unqualified, drizzle writes the outer column as the subquery table would read its own', () => {
    const bare = db.select({ n: sql`(select count(*) from ${employerUsers} where ${employerUsers.employerId} = ${employers.id})` }).from(employers);
    expect(bare.toSQL().sql).toContain('where "employer_id" = "id")');
    const named = db.select({ n: sql`(select count(*) from ${employerUsers} where ${employerUsers.employerId} = ${qualified(employers.id)})` }).from(employers);
    expect(named.toSQL().sql).toContain('where "employer_id" = "employers"."id")');
  });

  it("a member's standing rewards leave out the voided ones by the reward's own id", () => {
    const text = db
      .select({ r: rewardsColumn(sql`${1}`) })
      .from(sql`(select 1) as "member_benefits"`)
      .toSQL().sql;
    expect(text).toContain('"reward_id" = "referral_rewards"."id"');
  });

  it("the employers' list counts each employer's own users and invitations", async () => {
    let text = '';
    const capture = drizzle(async (query) => {
      text = query;
      return { rows: [] };
    });
    await employerAccountsRepository(capture as unknown as Db).listEmployers(new Date('2026-12-01T00:00:00Z'));
    expect(text).toContain('from "employer_users" where "employer_id" = "employers"."id"');
    expect(text).toContain('from "employer_invitations" where "employer_id" = "employers"."id"');
  });
});
