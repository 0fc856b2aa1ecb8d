/** The consents every sign-up sends (the terms checkbox accepts both). */
export const SIGNUP_AGREEMENTS = { privacy_notice: true, consent_eletronic_comunications: true } as const;
