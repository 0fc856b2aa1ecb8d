import type { applicationMembers } from './schema/index';

/**
 * Row types many modules share, below every module (issue #28, docs/architecture.md "Module floors"): a module
 * that receives the signed-in member names its type from here, not from the identity module's repository.
 */

/**
 * A member as the signed-in request carries it (`application_members`): every column but the password hash, which
 * only the identity module's credential checks read (`findMemberByEmail` selects it; nothing a session check reads keeps it).
 */
export type MemberRow = Omit<typeof applicationMembers.$inferSelect, 'passwordHash'>;
