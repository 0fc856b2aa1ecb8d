import type { AppContext } from '../../context';
import type { newflowApplications, staffActions } from '../../db/schema/index';

/** What the documents module calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type DocumentsHooks = {
  /** The address the application states (street line, unit, ZIP), or undefined before About yourself (application). */
  applicationAddress: (ctx: AppContext, userId: number) => Promise<{ address: string | null; zipCode: string | null; unitNumber: string | null } | undefined>;
  /** Appends a staff action to the audit trail on its own, e.g. a document opened by staff (review). */
  recordStaffAction: (ctx: AppContext, action: Omit<typeof staffActions.$inferInsert, 'id'>) => Promise<void>;
  /** The stated facts of a proof of address, saved on the member's new-flow record next to the file (newflow). */
  statedProofRecorded: (
    ctx: AppContext,
    userId: number,
    proof: Pick<typeof newflowApplications.$inferInsert, 'proofDocumentId' | 'proofStatementDate' | 'proofAddress' | 'proofZip'>,
    at: Date,
  ) => Promise<void>;
};
