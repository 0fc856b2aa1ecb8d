import type { TLoanTerms } from '@payrail/contract/application';
import { GLOSSARY } from '@payrail/ui/glossary';
import { FREQUENCY_WORDS } from '../../../lib/frequency-words';

/** How each payment frequency reads after "per". */
export const frequencyWord = (frequency: TLoanTerms['term_frequency']) => FREQUENCY_WORDS[frequency];
/** The frequency's name as the product words it (the glossary of packages/ui). */
export const frequencyName = (frequency: TLoanTerms['term_frequency']) => GLOSSARY.payFrequencies[frequency];

/**
 * The fee's name (spec §2): origination fee, or document preparation fee when the origination fee is 0
 * and the other fee is above 0. The server applies the rule and answers `fee_label`; it is shown
 * capitalised, and an empty label falls back to the origination fee.
 */
export function feeName(terms: Pick<TLoanTerms, 'fee_label'>): string {
  const label = terms.fee_label.trim() || 'origination fee';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** "12 months", "1 month". */
export const months = (n: number) => (n === 1 ? '1 month' : `${n} months`);
