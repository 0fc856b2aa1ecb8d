import type { PricingStateRule } from '../schema/pricing';
import { STATES } from './states';

/**
 * The pricing programs Payrail starts with, one per lending program. Rate tables are data: a new rate
 * is a new program row with a later `effective_from` (old rows stay, so an old quote can be explained).
 *
 * Each program prices by amount band: a longer term for a larger amount. The auto-debit (ACH) rates
 * are the base; split direct deposit (payroll allotment for federal employers) takes the same table
 * with the program's discount; one-time payments (the borrower pays online) cost two points more.
 * Fees are prepaid finance charges: small loans carry none, so the APR stays under the 36 % cap every
 * state rule sets. Amounts in cents, rates and fee percentages as exact decimal text.
 */
export type SeedRateBand = {
  termMonths: number;
  minAmountCents: number;
  maxAmountCents: number;
  autoDebitRatePercent: string;
  oneTimesRatePercent: string;
  originationFeePercent?: string;
  originationFeeMaxCents?: number;
  documentPreparationFeeFlatCents?: number;
  feeFinanced: boolean;
};

export type SeedPricingProgram = {
  code: string;
  name: string;
  lendingProgram: 'b2b_partner' | 'federal_allotment' | 'split_direct_deposit';
  minAmountCents: number;
  maxAmountCents: number;
  stepCents: number;
  splitDiscountPercent: string;
  effectiveFrom: string;
  bands: readonly SeedRateBand[];
};

/** A 36 % APR ceiling in every state (the Military Lending Act's MAPR, applied to everyone). */
export const APR_CAP_RULES: Record<string, PricingStateRule> = Object.fromEntries(STATES.map((s) => [s.abbreviation, { maxAprPercent: '36' }]));

export const PRICING_PROGRAMS: readonly SeedPricingProgram[] = [
  {
    code: 'federal-allotment-2026-11',
    name: 'Federal and postal employees (payroll allotment)',
    lendingProgram: 'federal_allotment',
    minAmountCents: 500_00,
    maxAmountCents: 10_000_00,
    stepCents: 250_00,
    splitDiscountPercent: '10',
    effectiveFrom: '2026-11-01',
    bands: [
      { termMonths: 6, minAmountCents: 500_00, maxAmountCents: 1_500_00, autoDebitRatePercent: '29.99', oneTimesRatePercent: '31.99', feeFinanced: true },
      {
        termMonths: 12,
        minAmountCents: 1_750_00,
        maxAmountCents: 3_000_00,
        autoDebitRatePercent: '27.99',
        oneTimesRatePercent: '29.99',
        originationFeePercent: '2',
        originationFeeMaxCents: 60_00,
        feeFinanced: true,
      },
      {
        termMonths: 18,
        minAmountCents: 3_250_00,
        maxAmountCents: 6_000_00,
        autoDebitRatePercent: '25.99',
        oneTimesRatePercent: '27.99',
        originationFeePercent: '2',
        originationFeeMaxCents: 120_00,
        feeFinanced: true,
      },
      {
        termMonths: 24,
        minAmountCents: 6_250_00,
        maxAmountCents: 10_000_00,
        autoDebitRatePercent: '23.99',
        oneTimesRatePercent: '25.99',
        originationFeePercent: '1.5',
        originationFeeMaxCents: 150_00,
        feeFinanced: true,
      },
    ],
  },
  {
    code: 'partner-employer-2026-11',
    name: 'Partner employers',
    lendingProgram: 'b2b_partner',
    minAmountCents: 500_00,
    maxAmountCents: 7_500_00,
    stepCents: 250_00,
    splitDiscountPercent: '15',
    effectiveFrom: '2026-11-01',
    bands: [
      { termMonths: 6, minAmountCents: 500_00, maxAmountCents: 1_500_00, autoDebitRatePercent: '24.99', oneTimesRatePercent: '26.99', feeFinanced: true },
      {
        termMonths: 12,
        minAmountCents: 1_750_00,
        maxAmountCents: 3_500_00,
        autoDebitRatePercent: '22.99',
        oneTimesRatePercent: '24.99',
        documentPreparationFeeFlatCents: 25_00,
        feeFinanced: false,
      },
      {
        termMonths: 18,
        minAmountCents: 3_750_00,
        maxAmountCents: 7_500_00,
        autoDebitRatePercent: '19.99',
        oneTimesRatePercent: '21.99',
        originationFeePercent: '1',
        feeFinanced: true,
      },
    ],
  },
  {
    code: 'split-direct-deposit-2026-11',
    name: 'Private and state employers (split direct deposit)',
    lendingProgram: 'split_direct_deposit',
    minAmountCents: 500_00,
    maxAmountCents: 5_000_00,
    stepCents: 250_00,
    splitDiscountPercent: '5',
    effectiveFrom: '2026-11-01',
    bands: [
      { termMonths: 6, minAmountCents: 500_00, maxAmountCents: 1_500_00, autoDebitRatePercent: '32.99', oneTimesRatePercent: '32.99', feeFinanced: true },
      {
        termMonths: 12,
        minAmountCents: 1_750_00,
        maxAmountCents: 3_000_00,
        autoDebitRatePercent: '30.99',
        oneTimesRatePercent: '32.99',
        originationFeePercent: '1.5',
        originationFeeMaxCents: 45_00,
        feeFinanced: true,
      },
      {
        termMonths: 18,
        minAmountCents: 3_250_00,
        maxAmountCents: 5_000_00,
        autoDebitRatePercent: '28.99',
        oneTimesRatePercent: '30.99',
        originationFeePercent: '1.5',
        originationFeeMaxCents: 75_00,
        feeFinanced: true,
      },
    ],
  },
];
