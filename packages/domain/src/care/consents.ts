/**
 * The consent centre (issue #13): every agreement and disclosure a borrower accepted or signed, and the
 * withdrawal of the E-SIGN consent to electronic communications. Under the E-SIGN Act (15 U.S.C.
 * 7001(c)(1)) a consumer may withdraw that consent at any time, free of charge, and must be told what
 * withdrawing means; it does not undo what was delivered electronically before. The other records are
 * not "consents" the borrower can take back here: a signed promissory note is a contract, the credit
 * pull already happened, and an auto-debit authorization is revoked where it is managed (Loans & Payments).
 */

/** The agreement whose consent can be withdrawn here (the seeded name, spelled as the spec spells it). */
export const ELECTRONIC_CONSENT = 'consent_eletronic_comunications';

/** Refusals of a withdrawal or a renewal, shown as they are. */
export const CONSENT_MSG = {
  notGiven: 'You have not given consent to electronic communications, so there is nothing to withdraw.',
  alreadyWithdrawn: 'Your consent to electronic communications is already withdrawn.',
  notWithdrawn: 'Your consent to electronic communications is in effect.',
  confirmRequired: 'Please confirm that you read what withdrawing your consent means.',
} as const;

/** Where the borrower stands with electronic communications. */
export const ELECTRONIC_CONSENT_STATES = ['given', 'withdrawn', 'never_given'] as const;
export type ElectronicConsentState = (typeof ELECTRONIC_CONSENT_STATES)[number];

/** A withdrawal as recorded: when, and when consent was given again (null while it stands). */
export type WithdrawalFact = { withdrawnAt: string; restoredAt: string | null };

/**
 * The state of the electronic-communications consent: never given without an acceptance; withdrawn
 * while a withdrawal stands (not restored); given otherwise.
 */
export function electronicConsentState(accepted: boolean, withdrawals: readonly WithdrawalFact[]): ElectronicConsentState {
  if (!accepted) return 'never_given';
  return withdrawals.some((w) => w.restoredAt === null) ? 'withdrawn' : 'given';
}

/** What the borrower is shown before withdrawing, in the disclosure's own terms, for their situation. */
export function withdrawalConsequences(p: { hasOpenLoan: boolean; applicationInProgress: boolean; mailingAddress: string | null }): string[] {
  const out: string[] = [];
  if (p.applicationInProgress && !p.hasOpenLoan) {
    out.push('Payrail offers loans only through an electronic application: we will not be able to complete your application while your consent is withdrawn.');
  }
  out.push(
    p.mailingAddress
      ? `We will send future notices, statements and disclosures on paper by U.S. mail to ${p.mailingAddress}, at no charge.`
      : 'We will send future notices, statements and disclosures on paper by U.S. mail, at no charge, to the address on your profile (please add one).',
  );
  if (p.hasOpenLoan) out.push('The terms of your loan do not change, and your payments continue as scheduled.');
  out.push('Documents we already gave you electronically stay valid.');
  out.push('You can give your consent again at any time on this page.');
  return out;
}

/**
 * Decides a withdrawal: allowed when consent was given and is not already withdrawn. The borrower must
 * confirm having read the consequences. Answers null when allowed, else the refusal's message.
 */
export function withdrawalRefusal(state: ElectronicConsentState, confirmed: boolean): string | null {
  if (state === 'never_given') return CONSENT_MSG.notGiven;
  if (state === 'withdrawn') return CONSENT_MSG.alreadyWithdrawn;
  if (!confirmed) return CONSENT_MSG.confirmRequired;
  return null;
}

/** Decides a renewal (consent given again): allowed only while a withdrawal stands. */
export function renewalRefusal(state: ElectronicConsentState): string | null {
  return state === 'withdrawn' ? null : CONSENT_MSG.notWithdrawn;
}

/** The borrower's notification of a withdrawal and of a renewal. */
export const consentWithdrawnNotice = (paperTo: string | null): string =>
  `You withdrew your consent to electronic communications. We will mail future notices${paperTo ? ` to ${paperTo}` : ''}.`;
export const CONSENT_RESTORED_NOTICE = 'Your consent to electronic communications is back in effect. Notices will be delivered in your account again.';
