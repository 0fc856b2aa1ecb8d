import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { SandboxLogin } from '../../../adapters/bank-link/port';

/**
 * POST /bank_link/sandbox/authorize: the sandbox widget's login, answered like the provider's test mode
 * (a public token, or its error code and message). Only while the sandbox provider is configured.
 */
export async function authorizeSandboxBankLink(ctx: AppContext, login: SandboxLogin) {
  const sandbox = ctx.providers.bankLink.sandbox;
  if (!sandbox) throw AppError.notFound('The bank-link sandbox is not enabled.');
  const r = await sandbox.authorize(login);
  return { public_token: r.publicToken, inquiry: r.inquiry, institution: r.institution, accounts: r.accounts };
}
