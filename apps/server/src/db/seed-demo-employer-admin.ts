import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { sealTotpSecret } from '../modules/employer-portal/auth/totp';
import { ensureDemoPartnerEmployer } from './seed-demo-employer';

/**
 * The employer portal's demo administrator (README "Demo logins"): HR at Acme Logistics, the demo partner
 * employer. DEMO ONLY: the TOTP secret is fixed and published so anyone trying the demo can add it to an
 * authenticator app; a real account gets a random secret at enrolment, sealed at rest. Nothing here runs
 * in production (the seed runs with SEED_DEMO in development only).
 */
export const DEMO_EMPLOYER_ADMIN = {
  email: 'hr@acme.example',
  name: 'Dana Whitfield',
  password: 'Employer-demo-1',
  /** Base32, for an authenticator app ("enter a setup key", time-based). */
  totpSecret: 'PAYRAILDEMOEMPLOYERPORTALACME234',
} as const;

/** Creates the demo administrator once (TOTP enrolled); an existing account is left as it is. */
export async function seedDemoEmployerAdmin(ctx: AppContext): Promise<void> {
  const repo = ctx.repos.employerAccounts;
  if (await repo.findUserByEmail(DEMO_EMPLOYER_ADMIN.email)) return;
  const employer = await ensureDemoPartnerEmployer(ctx.database.db);
  await repo.createEnrolledUser({
    employerId: employer.id,
    email: DEMO_EMPLOYER_ADMIN.email,
    name: DEMO_EMPLOYER_ADMIN.name,
    passwordHash: await hashPassword(DEMO_EMPLOYER_ADMIN.password),
    totpSecret: sealTotpSecret(await ctx.cryptoBox(), DEMO_EMPLOYER_ADMIN.totpSecret),
    now: ctx.now(),
  });
}
