import { z } from 'zod';

/**
 * Personal information (newflow-and-dashboard.md §3 Profile, §7 GET/PUT /users/info). The SSN leaves the
 * server masked (xxx-xx-####); POST /users/info/ssn shows it in full and is logged.
 */
export const ZProfileState = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string() });

export const ZProfile = z.object({
  user: z.object({ email: z.string(), avatar: z.string().nullable() }),
  borrower: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** ISO YYYY-MM-DD. */
    date_of_birth: z.string().nullable(),
    /** Masked xxx-xx-####. */
    social_security_number: z.string().nullable(),
    /** E.164; changed only through the SMS verification (POST /dashboard/phones, /dashboard/verify_phone). */
    phone: z.string().nullable(),
    phone_confirmed: z.boolean(),
    employer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    zip_code: z.string().nullable(),
    /** Shown as the P.O. box. */
    unit_number: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: ZProfileState.nullable(),
    total_allotments_paid: z.number().int(),
  }),
});
export type TProfile = z.infer<typeof ZProfile>;

const field = z.union([z.string().max(200), z.number(), z.null()]);

/**
 * PUT /users/info: the profile as the address dialog sends it. Only the address part is changed here
 * (address, unit_number, city, state — by `state_id` or `state.id` — and zip_code, validated like the
 * application's address); other profile keys are read-only and ignored. Answers the profile.
 */
export const ZUpdateProfileRequest = z.object({
  borrower: z.object({
    address: field.optional(),
    unit_number: field.optional(),
    city: field.optional(),
    state_id: field.optional(),
    state: z.object({ id: field.optional() }).nullable().optional(),
    zip_code: field.optional(),
  }),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** POST /users/info/ssn: the SSN in full (###-##-####); each call is an audit row. */
/** POST /users/info/ssn: the member's password again (as banks ask before showing a full number). */
export const ZRevealSsnRequest = z.object({ password: z.string({ error: "can't be blank" }).min(1, "can't be blank").max(200) });
export type TRevealSsnRequest = z.infer<typeof ZRevealSsnRequest>;
/** The reveal's refusals (422 on the `password` field). */
export const REVEAL_SSN_MSG = {
  wrongPassword: 'That password is not right. Please try again.',
  noPassword: 'To see your full SSN, set a password first: use "Forgot your password?" on the sign-in page.',
} as const;
export const ZRevealSsnResponse = z.object({ social_security_number: z.string().nullable() });
export type TRevealSsnResponse = z.infer<typeof ZRevealSsnResponse>;

/** The profile fields PUT /users/info may change. */
export const PROFILE_ADDRESS_FIELDS = ['address', 'unit_number', 'city', 'state_id', 'zip_code'] as const;
