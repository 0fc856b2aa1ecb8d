import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { repayMethodChoices } from '../../db/schema/index';

/** The member's latest repay-method choice (what `latestRepayMethod` reads), as one column of another module's statement. */
export const latestRepayMethodColumn = (userId: SQL | AnyPgColumn) =>
  sql<
    string | null
  >`(select ${repayMethodChoices.method} from ${repayMethodChoices} where ${repayMethodChoices.userId} = ${userId} order by ${repayMethodChoices.id} desc limit 1)`;
