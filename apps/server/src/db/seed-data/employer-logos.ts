import { EMPLOYERS } from './employers';
import type { EmployerSlug } from './employers';

/**
 * Background colours for generated logos. Every one gives white text a contrast ratio of at least
 * 4.5:1 (WCAG AA). Thirteen colours × four shapes give 52 distinct combinations.
 */
const LOGO_PALETTE = [
  '#1f3a5f', // navy
  '#0f766e', // teal
  '#7c3aed', // violet
  '#b45309', // amber
  '#be123c', // rose
  '#1d4ed8', // blue
  '#047857', // emerald
  '#9d174d', // berry
  '#4d7c0f', // olive
  '#c2410c', // orange
  '#334155', // slate
  '#155e75', // cyan
  '#7e22ce', // purple
] as const;

const STOP_WORDS = new Set(['of', 'the', 'and', 'for', '&', 'at', 'a', 'an']);

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Escapes the five XML special characters so a name is safe in text and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * Initials for a logo: the first letter of each significant word (up to four when the name has at
 * most four such words, otherwise the first three). A qualifier after an em dash ("— Civilian") is
 * ignored, and a one-word name yields its first two letters.
 */
export function logoInitials(name: string): string {
  const base = name.split(' — ')[0] ?? name;
  const words = base
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word.toLowerCase()));
  const first = words[0];
  if (first === undefined) return '?';
  if (words.length === 1) return first.slice(0, 2).toUpperCase();
  const picked = words.length <= 4 ? words : words.slice(0, 3);
  return picked.map((word) => word.charAt(0).toUpperCase()).join('');
}

function logoShapes(variant: number, color: string): string {
  switch (variant) {
    case 0:
      return (
        `<rect width="64" height="64" rx="14" fill="${color}"/>` +
        '<circle cx="54" cy="10" r="20" fill="#ffffff" fill-opacity="0.16"/>' +
        '<rect x="14" y="49" width="36" height="3" rx="1.5" fill="#ffffff" fill-opacity="0.6"/>'
      );
    case 1:
      return (
        `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
        '<circle cx="32" cy="32" r="26" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="2"/>'
      );
    case 2:
      return (
        `<rect width="64" height="64" rx="14" fill="${color}"/>` +
        '<path d="M0 46 L64 20 V50 A14 14 0 0 1 50 64 H14 A14 14 0 0 1 0 50 Z" fill="#000000" fill-opacity="0.2"/>'
      );
    default:
      return (
        `<polygon points="32,1 59,16.5 59,47.5 32,63 5,47.5 5,16.5" fill="${color}"/>` +
        '<polygon points="32,7 54,19.5 54,44.5 32,57 10,44.5 10,19.5" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>'
      );
  }
}

/**
 * Well-known abbreviations that read better than derived initials (public bodies only; the
 * fictional employers use `logoInitials`).
 */
const LOGO_INITIALS: Readonly<Partial<Record<EmployerSlug, string>>> = {
  'united-states-postal-service': 'USPS',
  'department-of-veterans-affairs': 'VA',
  'department-of-defense-civilian': 'DoD',
  'department-of-the-army-civilian': 'Army',
  'department-of-the-navy-civilian': 'Navy',
  'department-of-the-air-force-civilian': 'USAF',
  'department-of-energy': 'DOE',
  'department-of-health-and-human-services': 'HHS',
  'department-of-homeland-security': 'DHS',
  'department-of-agriculture': 'USDA',
  'department-of-justice': 'DOJ',
  'federal-bureau-of-prisons': 'BOP',
  'internal-revenue-service': 'IRS',
  'general-services-administration': 'GSA',
  'social-security-administration': 'SSA',
  'national-aeronautics-and-space-administration': 'NASA',
  'department-of-the-interior': 'DOI',
  'department-of-transportation': 'DOT',
};

/**
 * A 64×64 SVG logo for an employer: a coloured shape (chosen by `colorIndex`) with the employer's
 * initials in white. The SVG has `role="img"` and a `<title>` with the full name. `initials`
 * overrides the initials derived from the name.
 */
export function logoSvg(name: string, colorIndex: number, initials: string = logoInitials(name)): string {
  const index = Math.abs(Math.trunc(colorIndex));
  const color = LOGO_PALETTE[index % LOGO_PALETTE.length] ?? LOGO_PALETTE[0];
  const variant = index % 4;
  const fontSize = initials.length <= 2 ? 24 : initials.length === 3 ? 20 : 15;
  const baseline = Math.round((32 + fontSize * 0.35) * 10) / 10;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">' +
    `<title>${escapeXml(name)}</title>` +
    logoShapes(variant, color) +
    `<text x="32" y="${baseline}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="700" letter-spacing="${initials.length >= 4 ? 0 : 0.5}" fill="#ffffff">${escapeXml(initials)}</text>` +
    '</svg>'
  );
}

/** SVG logo markup for every employer, keyed by employer slug. */
export const EMPLOYER_LOGOS: Record<string, string> = Object.fromEntries(
  EMPLOYERS.map((employer, index) => [employer.slug, logoSvg(employer.name, index, LOGO_INITIALS[employer.slug])]),
);
