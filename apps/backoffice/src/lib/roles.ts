import type { StaffRole } from '@payrail/contract/staff';
import { useStaffSession } from './staff-session';

/** Who may do what in the back office (the server checks the same rules). */
export const CAN = {
  /** Reading the queue and an application's detail (servicers read it to find what to fund). */
  queue: ['admin', 'underwriter', 'servicer'],
  /** Reviewer actions, SSN reveal and opening the borrower's documents. */
  review: ['admin', 'underwriter'],
  fund: ['admin', 'servicer'],
  audit: ['admin'],
  systemEvent: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Capability = keyof typeof CAN;

/** Where a staff member starts after signing in: servicers on funding, everyone else on the queue. */
export function homeFor(role: StaffRole | null | undefined): string {
  return role === 'servicer' ? '/funding' : '/';
}

export function can(role: StaffRole | null | undefined, capability: Capability): boolean {
  return role ? (CAN[capability] as readonly StaffRole[]).includes(role) : false;
}

/** The signed-in staff member's role, or null before /me answered. */
export function useRole(): StaffRole | null {
  return useStaffSession((state) => state.staff?.role ?? null);
}

export function useCan(capability: Capability): boolean {
  return can(useRole(), capability);
}
