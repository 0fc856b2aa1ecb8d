import { createHash } from 'node:crypto';
import type { CreditBureau, CreditReport } from './port';

/** The sandbox's test SSNs, by their last four digits (docs/newflow.md). */
export const SANDBOX_CREDIT_SSN_ENDINGS = { decline: '0001', counteroffer: '0002', thinFile: '0003' } as const;

/** Bureau-style reason codes the sandbox's low scores carry (the real bureaus' key factors). */
const DECLINE_REASONS = [
  { code: '38', text: 'Serious delinquency, and public record or collection filed' },
  { code: '10', text: 'Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high' },
  { code: '14', text: 'Length of time accounts have been established' },
] as const;
const COUNTEROFFER_REASONS = [
  { code: '10', text: 'Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high' },
] as const;

/**
 * A bureau in test mode: answers by the SSN's last four digits — 0001 a low score (decline, with reason
 * codes), 0002 a middling score (counteroffer), 0003 a thin file; any other SSN a good score.
 */
export function sandboxCreditBureau(): CreditBureau {
  return {
    provider: 'sandbox',
    async softPull(inquiry) {
      const digits = inquiry.ssn.replace(/\D/g, '');
      const reference = `sbx-${createHash('sha256').update(digits).digest('hex').slice(0, 12)}`;
      const last4 = digits.slice(-4);
      let report: CreditReport;
      if (last4 === SANDBOX_CREDIT_SSN_ENDINGS.thinFile) report = { status: 'thin_file', reference };
      else if (last4 === SANDBOX_CREDIT_SSN_ENDINGS.decline) report = { status: 'hit', score: 520, tradelines: 6, reasonCodes: DECLINE_REASONS, reference };
      else if (last4 === SANDBOX_CREDIT_SSN_ENDINGS.counteroffer)
        report = { status: 'hit', score: 615, tradelines: 4, reasonCodes: COUNTEROFFER_REASONS, reference };
      else report = { status: 'hit', score: 720, tradelines: 9, reasonCodes: [], reference };
      return report;
    },
  };
}
