/** Payment frequencies of an installment loan. */

/**
 * Every frequency, shortest period first: declared once (issue #28); the contract's pay and term
 * frequencies and the database's frequency columns are built from it.
 */
export const FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;

/** How often installments fall due. */
export type Frequency = (typeof FREQUENCIES)[number];

const PERIODS_PER_YEAR: Readonly<Record<Frequency, number>> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 };

const ALIASES: Readonly<Record<string, Frequency>> = {
  weekly: 'weekly',
  biweekly: 'biweekly',
  'bi-weekly': 'biweekly',
  semimonthly: 'semimonthly',
  'semi-monthly': 'semimonthly',
  monthly: 'monthly',
};

/** Payment periods per year: weekly 52, bi-weekly 26, semi-monthly 24, monthly 12. */
export function periodsPerYear(frequency: Frequency): number {
  return PERIODS_PER_YEAR[frequency];
}

/** Parses a frequency name (`weekly`, `biweekly`/`bi-weekly`, `semimonthly`/`semi-monthly`, `monthly`); `null` if unknown. */
export function parseFrequency(text: string): Frequency | null {
  return Object.hasOwn(ALIASES, text) ? (ALIASES[text] ?? null) : null;
}

/** Number of payments in a term of `months` months: `round(months × periodsPerYear / 12)`, at least 1. */
export function paymentsInTerm(frequency: Frequency, months: number): number {
  return Math.max(1, Math.round((months * periodsPerYear(frequency)) / 12));
}
