import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { loanBorrowers } from '../../db/schema/index';

/** The member's refer code (their borrower profile's), as one column of another module's statement. */
export const referCodeColumn = (userId: SQL | AnyPgColumn) =>
  sql<string | null>`(select ${loanBorrowers.referCode} from ${loanBorrowers} where ${loanBorrowers.userId} = ${userId} limit 1)`;
