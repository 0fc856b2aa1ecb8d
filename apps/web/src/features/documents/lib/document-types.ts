import type { DocumentTypeName } from '@payrail/contract/documents';

/** Spec §5: proof of address is a utility bill dated within 45 days with the application's address. */
export const PROOF_OF_ADDRESS_HINT = 'A utility bill dated within the last 45 days, showing the same address as your application.';

export const DOCUMENT_HINTS: Partial<Record<DocumentTypeName, string>> = {
  driver_license: 'A clear photo or scan of the front of your driver license.',
  proof_of_address: PROOF_OF_ADDRESS_HINT,
  selfie_photo: 'A recent photo of your face, holding your driver license next to it.',
  social_security_document: 'Your social security card, or a document from the Social Security Administration showing your number.',
};

/** Accepted files (spec §5, §9): jpeg, png, pdf. */
export const ACCEPTED_FILES_TEXT = 'Accepted files: .jpg, .png or .pdf.';
