import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'underwriter', 'servicer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** POST /api/backoffice/login */
export const ZStaffLoginRequest = z.object({
  email: z.string({ error: 'Required.' }).trim().toLowerCase().email('Invalid e-mail.'),
  password: z.string({ error: 'Required.' }).min(1, 'Required.').max(200),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

export const ZStaffMember = z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) });
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const STAFF_LOGIN_FAILED = 'Invalid email or password.';
