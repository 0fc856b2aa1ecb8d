/** The promissory note's name that the borrower signs. */
export const PROMISSORY_NOTE = 'promissory_note_terms';
export const PARTNER_AUTHORIZATION = 'partner_payroll_authorization';

/** Height of an embedded document (access §9: document embeds 500 px tall). */
export const DOCUMENT_EMBED_HEIGHT = 500;

/**
 * Font size of the drawn signature by the name's length (spec §2 E-signature): up to 16 characters
 * 38px, up to 22 28px, up to 32 20px, else 16px. The server answers the same figure; this is the fallback.
 */
export function signatureFontSize(name: string): number {
  const length = name.length;
  if (length <= 16) return 38;
  if (length <= 22) return 28;
  if (length <= 32) return 20;
  return 16;
}

/** Payment frequency words for the schedule summary. */
export function frequencyLabel(frequency: string): string {
  const labels: Record<string, string> = {
    weekly: 'weekly',
    biweekly: 'bi-weekly',
    bi_weekly: 'bi-weekly',
    'bi-weekly': 'bi-weekly',
    semimonthly: 'semi-monthly',
    semi_monthly: 'semi-monthly',
    monthly: 'monthly',
  };
  return labels[frequency.toLowerCase()] ?? frequency.toLowerCase();
}
