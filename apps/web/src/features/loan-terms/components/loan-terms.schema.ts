import { z } from 'zod';

/** Why Continue is disabled before the consent is ticked (spec §2). */
export const CONSENT_NEEDED = 'Accept the loan terms to continue.';

/**
 * The loan-terms step (spec §2, §4): the amount is chosen outside the form (each choice re-prices the
 * terms on the server, GET /loan?amount=); the form itself holds the consent to the terms and to the
 * state's eligibility consent, which Continue records (GET /associate_terms_consent, no body).
 */
export const loanTermsFormSchema = z.object({ consent: z.boolean() }).pipe(z.object({ consent: z.literal(true, { error: CONSENT_NEEDED }) }));
