/** The consents every sign-up sends (the terms checkbox accepts both). */
export const SIGNUP_AGREEMENTS = { privacy_notice: true, consent_eletronic_comunications: true } as const;

/** The consents the new flow's Check Your Rate checkbox accepts (its label links all five documents). */
export const NEWFLOW_SIGNUP_AGREEMENTS = { ...SIGNUP_AGREEMENTS, consent_text_messaging: true, auto_debit_disclosure: true, terms_of_use: true } as const;
