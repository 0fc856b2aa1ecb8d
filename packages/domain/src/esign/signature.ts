/**
 * The typed electronic signature (classic §2 E-signature): the borrower adopts their full name as their
 * signature. The name is drawn larger when it is short, so every signature fits the same line.
 */

/** Font sizes (px on screen, pt in the signed PDF) by name length: ≤ 16 → 38, ≤ 22 → 28, ≤ 32 → 20, else 16. */
export const SIGNATURE_FONT_SIZES = [
  { maxLength: 16, size: 38 },
  { maxLength: 22, size: 28 },
  { maxLength: 32, size: 20 },
] as const;

/** The size used for names longer than every band. */
export const SIGNATURE_MIN_FONT_SIZE = 16;

/** Trims and collapses runs of whitespace: the form a name is compared and drawn in. */
export function normalizeSignatureName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * The signature's font size for a name, by its length in characters (after trimming and collapsing
 * spaces; an astral character counts once).
 */
export function signatureFontSize(name: string): number {
  const length = [...normalizeSignatureName(name)].length;
  for (const band of SIGNATURE_FONT_SIZES) if (length <= band.maxLength) return band.size;
  return SIGNATURE_MIN_FONT_SIZE;
}

/**
 * Whether the typed signature is the borrower's full name: equal after trimming, collapsing spaces and
 * ignoring case (so "  jordan   RIVERA " signs for "Jordan Rivera"). An empty full name never matches.
 */
export function signatureMatchesName(typed: string, fullName: string): boolean {
  const want = normalizeSignatureName(fullName).toLocaleLowerCase('en-US');
  return want.length > 0 && normalizeSignatureName(typed).toLocaleLowerCase('en-US') === want;
}
