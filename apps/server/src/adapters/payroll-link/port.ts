/**
 * The payroll-link provider (an Argyle-style payroll connectivity API): the browser logs in to the
 * applicant's payroll system inside the provider's widget, which connects an account; with a pay
 * distribution config the widget also sets up a split of each paycheck to Payrail's account (the split
 * direct deposit). The server starts the widget session (a user token), reads the connected account and
 * asks whether the allocation is in place ("is the allocation correct?").
 */

export type PayrollAccount = {
  accountId: string;
  /** The employer as the payroll system names it. */
  employer: string;
  /** connected, or the provider's failure status. */
  status: 'connected' | 'connecting' | 'error';
  /** Whether this payroll system can set up a pay distribution through the widget. */
  payDistributionSupported: boolean;
};

/** The split the provider sees for an account. */
export type PayrollAllocation = { status: 'set' | 'declined' | 'none'; amountCents: number | null };

/** A provider refusal in the provider's own terms. */
export class PayrollLinkError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'PayrollLinkError';
    this.code = code;
  }
}

export interface PayrollLinkProvider {
  readonly provider: 'sandbox' | 'argyle';
  /** The provider's widget script for the browser; null for the sandbox widget the SPA draws. */
  readonly pluginUrl: string | null;
  /** Creates the provider's user for a member (or reuses `payrollUserId`) and a fresh widget token. */
  userToken(p: { userId: number; payrollUserId: string | null }): Promise<{ payrollUserId: string; userToken: string }>;
  /** The connected account, when it belongs to that provider user; null when unknown or someone else's. */
  getAccount(p: { accountId: string; payrollUserId: string }): Promise<PayrollAccount | null>;
  /** The opaque pay-distribution config the widget needs to set up a split of `amountCents`. */
  payDistributionConfig(p: { amountCents: number }): Promise<string>;
  /** The split set on the account. */
  getAllocation(p: { accountId: string; payrollUserId: string }): Promise<PayrollAllocation>;
}
