import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, borrowerProfiles, employeeChanges, employerUsers, employers, loanBorrowers, loans, staffActions } from '../../db/schema/index';
import type { Runner } from '../loan-book/ledger.repository';

export type EmployeeChangeRow = typeof employeeChanges.$inferSelect;
export type NewEmployeeChange = Omit<typeof employeeChanges.$inferInsert, 'id'>;
export type ChangeKey = Pick<EmployeeChangeRow, 'employerId' | 'userId' | 'kind' | 'effectiveDate'>;

/** The statuses a payroll-deduction loan is read in: deducted (opened, default) or ended since (closed). */
const READ_STATUSES = ['opened', 'default', 'closed_paid', 'closed_refinanced', 'charge_off'] as const;

/** The employee changes, on the database or inside a caller's transaction (the loan book's lock: see report-change.ts). */
export function employeeChangesIn(tx: Runner) {
  return {
    byKey: async (k: ChangeKey): Promise<EmployeeChangeRow | undefined> =>
      (
        await tx
          .select()
          .from(employeeChanges)
          .where(
            and(
              eq(employeeChanges.employerId, k.employerId),
              eq(employeeChanges.userId, k.userId),
              eq(employeeChanges.kind, k.kind),
              eq(employeeChanges.effectiveDate, k.effectiveDate),
            ),
          )
          .limit(1)
      )[0],
    insert: async (c: NewEmployeeChange): Promise<EmployeeChangeRow> => {
      const [row] = await tx.insert(employeeChanges).values(c).returning();
      return row!;
    },
  };
}

/**
 * The employer portal's reads for deductions and changes (E2, docs/employer-portal.md): read-only joins over
 * the loan book's loans (the loan book alone writes them) and the portal's own `employee_changes`.
 * Every query is scoped by the employer id.
 */
export function deductionsRepository(db: Db) {
  return {
    changeByKey: (k: ChangeKey) => employeeChangesIn(db).byKey(k),

    employer: async (employerId: number) => {
      const [row] = await db
        .select({ id: employers.id, name: employers.name, payFrequency: employers.payFrequency })
        .from(employers)
        .where(eq(employers.id, employerId))
        .limit(1);
      return row;
    },

    /**
     * The loans repaid by payroll deduction of the employer's borrowers (the borrower's employer on file),
     * and those whose deduction an employer-reported termination ended (they are repaid otherwise now, but
     * the next deduction file still shows the employee as ended).
     */
    payrollLoans: (employerId: number) =>
      db
        .select({
          loan: loans,
          repayMethod: applications.paymentMethod,
          firstName: loanBorrowers.firstName,
          lastName: loanBorrowers.lastName,
          employeeId: borrowerProfiles.employeeId,
          /** The business date of the loan's last ledger entry (a closed loan's payoff, refinance or charge-off). */
          lastEntryOn: sql<string | null>`(select max(e.effective_date)::text from ledger_entries e where e.loan_id = ${loans.id})`,
        })
        .from(loans)
        .innerJoin(applications, eq(applications.id, loans.applicationId))
        .innerJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, loans.userId))
        .where(
          and(
            eq(loanBorrowers.employerId, employerId),
            inArray(loans.status, [...READ_STATUSES]),
            or(
              eq(applications.paymentMethod, 'split_direct_deposit'),
              sql`exists (select 1 from ${employeeChanges} c where c.employer_id = ${employerId} and c.kind = 'termination' and c.loan_ids @> to_jsonb(${loans.id}))`,
            ),
          ),
        )
        .orderBy(loans.id),

    /** Every change the employer reported, newest first, with the employee's name and who reported it. */
    changes: (employerId: number) =>
      db
        .select({ change: employeeChanges, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName, reportedBy: employerUsers.name })
        .from(employeeChanges)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, employeeChanges.userId))
        .leftJoin(employerUsers, eq(employerUsers.id, employeeChanges.reportedByEmployerUserId))
        .where(eq(employeeChanges.employerId, employerId))
        .orderBy(desc(employeeChanges.id)),

    /** The back office's list: every employer's changes (or one employer's), newest first; `open`: the servicer tasks left. */
    backofficeChanges: (f: { openOnly: boolean; employerId?: number | undefined }) => {
      const where: SQL[] = [];
      if (f.openOnly) where.push(eq(employeeChanges.servicerStatus, 'open'));
      if (f.employerId !== undefined) where.push(eq(employeeChanges.employerId, f.employerId));
      return db
        .select({ change: employeeChanges, employerName: employers.name, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName })
        .from(employeeChanges)
        .innerJoin(employers, eq(employers.id, employeeChanges.employerId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, employeeChanges.userId))
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(employeeChanges.id))
        .limit(500);
    },

    /** Closes a change's open servicer task with the staff action that says what was done, in one transaction; null when it was not open. */
    closeTask: async (id: number, action: Omit<typeof staffActions.$inferInsert, 'id'>): Promise<EmployeeChangeRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(employeeChanges)
          .set({ servicerStatus: 'done' })
          .where(and(eq(employeeChanges.id, id), eq(employeeChanges.servicerStatus, 'open')))
          .returning();
        if (!row) return null;
        await tx.insert(staffActions).values(action);
        return row;
      }),

    changeById: async (id: number): Promise<EmployeeChangeRow | undefined> =>
      (await db.select().from(employeeChanges).where(eq(employeeChanges.id, id)).limit(1))[0],

    change: async (employerId: number, id: number) => {
      const [row] = await db
        .select({ change: employeeChanges, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName, reportedBy: employerUsers.name })
        .from(employeeChanges)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, employeeChanges.userId))
        .leftJoin(employerUsers, eq(employerUsers.id, employeeChanges.reportedByEmployerUserId))
        .where(and(eq(employeeChanges.employerId, employerId), eq(employeeChanges.id, id)))
        .limit(1);
      return row;
    },
  };
}
