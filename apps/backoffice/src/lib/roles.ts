import type { StaffRole } from '@payrail/contract/staff';
import { useStaffSession } from './staff-session';

/** Who may do what in the back office (the server checks the same rules). */
export const CAN = {
  /** The queue and application detail (the server allows reviewers only). */
  queue: ['admin', 'underwriter'],
  review: ['admin', 'underwriter'],
  fund: ['admin', 'servicer'],
  audit: ['admin'],
  systemEvent: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Capability = keyof typeof CAN;

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
