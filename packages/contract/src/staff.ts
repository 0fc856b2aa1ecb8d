import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'underwriter', 'servicer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may do what in the back office: THE table. The server's staff guard reads it for every
 * `/api/backoffice` route (each route names one capability) and the back-office SPA reads it to show or
 * hide pages and actions, so a role gains or loses an action in one place.
 */
export const STAFF_CAPABILITIES = {
  /** Read the queue, an application's detail and new-flow evidence, its signed note, the loan list, a loan and its servicing page, and the business date. */
  read: ['admin', 'underwriter', 'servicer'],
  /** Reviewer actions on an application, SSN reveal, the borrower's documents, pre-signed sign-in links. */
  review: ['admin', 'underwriter'],
  /** Funding, servicer flags, referral payouts, servicing actions (clock, run, reversals, ACH returns, remittances). */
  fund: ['admin', 'servicer'],
  /** The audit log. */
  audit: ['admin'],
  /** Starting and ending a system event. */
  systemEvent: ['admin'],
  /** Writing to a borrower from the back office: reminding them of their open requests (capped per borrower per business day). */
  remind: ['admin', 'servicer'],
  /** The storage check: which stored files (documents, signed notes, due-date change agreements) have lost their bytes. */
  storageCheck: ['admin', 'servicer'],
  /** The collections desk: the queue by bucket, contact attempts, promises to pay, notes, recoveries (docs/collections.md). */
  collect: ['admin', 'servicer'],
  /** Metro 2 credit reporting: the monthly furnishing files (list, generate for a past month, download). */
  creditReporting: ['admin'],
  /** Flagging and resolving a borrower's dispute of what is reported to the credit bureaus (compliance condition code). */
  creditDisputes: ['admin', 'servicer'],
  /** The Portfolio page: originations, rates, balances, delinquency, roll rates, charge-offs and vintage curves, with CSV exports (management). */
  portfolio: ['admin'],
  /** Payment plans (restructures): preview, propose and withdraw a plan the borrower signs (docs/payment-plans.md). */
  restructure: ['admin', 'servicer'],
  /** The employer portal's accounts: the Employers pages, inviting an employer's administrators, revoking invitations, disabling employer users (issue #31). */
  manageEmployerUsers: ['admin', 'servicer'],
  /** The Jobs page: background queues, failed jobs with their error, retry (issue #30). */
  jobs: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** A back-office capability: a key of {@link STAFF_CAPABILITIES}. */
export type StaffCapability = keyof typeof STAFF_CAPABILITIES;

/** Every capability, in the table's order. */
export const STAFF_CAPABILITY_NAMES = Object.keys(STAFF_CAPABILITIES) as StaffCapability[];

/** True when `role` holds `capability`; no role (signed out, or before the session answered) holds none. */
export function staffCan(role: StaffRole | null | undefined, capability: StaffCapability): boolean {
  return role != null && (STAFF_CAPABILITIES[capability] as readonly StaffRole[]).includes(role);
}

/** POST /api/backoffice/login */
export const ZStaffLoginRequest = z.object({
  email: z.string({ error: 'Required.' }).trim().toLowerCase().email('Invalid e-mail.'),
  password: z.string({ error: 'Required.' }).min(1, 'Required.').max(200),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

export const ZStaffMember = z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) });
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const STAFF_LOGIN_FAILED = 'Invalid email or password.';
