import type { FeeRule } from '@payrail/domain/loan/fees';
import type { Frequency } from '@payrail/domain/loan/frequency';
import type { PricingProgram, RateTable, RateTableEntry, StateRule } from '@payrail/domain/loan/pricing';
import { cents } from '@payrail/domain/money';
import type { PricingStateRule } from '../../db/schema/pricing';
import type { PricingProgramRow, RateEntryRow } from './repository';

function originationFee(e: RateEntryRow): FeeRule | undefined {
  if (e.originationFeeFlatCents === null && e.originationFeePercent === null) return undefined;
  return {
    ...(e.originationFeeFlatCents !== null ? { flatCents: cents(e.originationFeeFlatCents) } : {}),
    ...(e.originationFeePercent !== null ? { percentOfAmount: e.originationFeePercent } : {}),
    ...(e.originationFeeMaxCents !== null ? { maxCents: cents(e.originationFeeMaxCents) } : {}),
  };
}

function toEntry(e: RateEntryRow): RateTableEntry {
  const origination = originationFee(e);
  return {
    termMonths: e.termMonths,
    minAmountCents: cents(e.minAmountCents),
    maxAmountCents: cents(e.maxAmountCents),
    annualRatePercent: e.annualRatePercent,
    ...(origination ? { originationFee: origination } : {}),
    ...(e.documentPreparationFeeFlatCents !== null ? { documentPreparationFee: { flatCents: cents(e.documentPreparationFeeFlatCents) } } : {}),
    feeFinanced: e.feeFinanced,
    ...(e.frequencies ? { frequencies: e.frequencies as Frequency[] } : {}),
    ...(e.states ? { states: e.states } : {}),
    special: e.special,
  };
}

/** A stored state rule with its amounts as the engine's `Cents`. */
function toStateRule(r: PricingStateRule): StateRule {
  return {
    ...(r.minAmountCents !== undefined ? { minAmountCents: cents(r.minAmountCents) } : {}),
    ...(r.maxAmountCents !== undefined ? { maxAmountCents: cents(r.maxAmountCents) } : {}),
    ...(r.maxAnnualRatePercent !== undefined ? { maxAnnualRatePercent: r.maxAnnualRatePercent } : {}),
    ...(r.maxAprPercent !== undefined ? { maxAprPercent: r.maxAprPercent } : {}),
  };
}

/** A stored program and its rate entries as the loan engine's `PricingProgram`. */
export function toPricingProgram(program: PricingProgramRow, entries: readonly RateEntryRow[]): PricingProgram {
  const table = (method: RateEntryRow['method']): RateTable => ({
    id: `${program.code}/${method}`,
    entries: entries.filter((e) => e.method === method).map(toEntry),
  });
  return {
    id: program.code,
    amountRange: { minCents: cents(program.minAmountCents), maxCents: cents(program.maxAmountCents), stepCents: cents(program.stepCents) },
    ...(program.states ? { states: program.states } : {}),
    stateRules: Object.fromEntries(Object.entries(program.stateRules).map(([state, rule]) => [state, toStateRule(rule)])),
    splitDirectDeposit: { rateTable: table('split_direct_deposit'), discountPercent: program.splitDiscountPercent },
    autoDebit: { rateTable: table('auto_debit') },
    oneTimes: { rateTable: table('one_times') },
  };
}
