import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column written with its table's name, for a correlated subquery in a `sql` template. In a select of one
 * table drizzle writes the columns of a template unqualified (`"id"`), and inside a subquery over another table
 * an unqualified name is that table's column when it has one of that name: `(select count(*) from employer_users
 * where "employer_id" = "id")` compares a user's employer with the user's own id.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
