/** Payment frequencies of an installment loan. */

/** How often installments fall due. */
export type Frequency = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';

/** Every frequency, shortest period first. */
export const FREQUENCIES: readonly Frequency[] = ['weekly', 'biweekly', 'semimonthly', 'monthly'];

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
