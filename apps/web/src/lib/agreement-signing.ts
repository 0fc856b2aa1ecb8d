import { z } from 'zod';

/** The message of a signature left blank, the same on every agreement the borrower signs by typing their name. */
export const SIGNATURE_NAME_REQUIRED = 'Please type your full legal name to sign.';

/**
 * The fields of `AgreementSignature` (@payrail/ui) in a form's schema: the typed full legal name (not blank)
 * and the consent box (ticked, else `agreeRequired`, which each agreement words its own way).
 */
export function signatureFields(agreeRequired: string) {
  return {
    signature_name: z.string().refine((name) => name.trim() !== '', SIGNATURE_NAME_REQUIRED),
    agree: z.boolean().refine((agree) => agree, agreeRequired),
  };
}
