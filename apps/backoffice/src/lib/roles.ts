import { type StaffCapability, type StaffRole, staffCan } from '@payrail/contract/staff';
import { useStaffSession } from './staff-session';

/** A back-office capability; who holds which is the contract's `STAFF_CAPABILITIES`, the table the server's guard reads. */
export type Capability = StaffCapability;

/** Where a staff member starts after signing in: servicers on funding, everyone else on the queue. */
export function homeFor(role: StaffRole | null | undefined): string {
  return role === 'servicer' ? '/funding' : '/';
}

/** True when `role` holds `capability` (the contract's table). */
export const can = staffCan;

/** The signed-in staff member's role, or null before /me answered. */
export function useRole(): StaffRole | null {
  return useStaffSession((state) => state.staff?.role ?? null);
}

export function useCan(capability: Capability): boolean {
  return can(useRole(), capability);
}
