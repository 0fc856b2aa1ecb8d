import type { Fact } from '@payrail/ui/fact-list';
import { formatCents } from '@payrail/client/format';
import { ZDetailHousing, ZDetailIncome } from '@payrail/contract/backoffice';
import { centsKeys } from '@payrail/contract/money';
import { display, fieldLabel, humanize } from './labels';

/** The money fields of the detail's housing and income answers, read from the contract (`ZCents`). */
export const HOUSING_MONEY = centsKeys(ZDetailHousing);
export const INCOME_MONEY = centsKeys(ZDetailIncome);
/** A record the contract types as free-form answers: nothing in it is money. */
export const NO_MONEY: ReadonlySet<string> = new Set();

/**
 * A record of answers as label/value facts (FactList): money in dollars — the fields the contract types as
 * `ZCents` (`money`), never guessed from a name — `…_type` values humanized, the rest as they are.
 */
export const recordRows = (record: Record<string, unknown>, money: ReadonlySet<string>): Fact[] =>
  Object.entries(record).map(([key, value]) => ({
    label: fieldLabel(key),
    value:
      money.has(key) && typeof value === 'number' ? formatCents(value) : /_type$/.test(key) && typeof value === 'string' ? humanize(value) : display(value),
  }));
