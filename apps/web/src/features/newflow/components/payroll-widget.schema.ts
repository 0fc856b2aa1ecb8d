import { z } from 'zod';

const CREDENTIALS_NEEDED = 'Enter your payroll username and password.';

/** The sandbox payroll provider's log-in: both answers, one message for either missing. */
export const payrollLoginSchema = z.object({ username: z.string().min(1, CREDENTIALS_NEEDED), password: z.string().min(1, CREDENTIALS_NEEDED) });
export type PayrollLogin = z.infer<typeof payrollLoginSchema>;
