import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import type { Db } from './client';
import { pricingPrograms, pricingRateEntries } from './schema/index';
import { APR_CAP_RULES, PRICING_PROGRAMS } from './seed-data/pricing-programs';

type Method = 'split_direct_deposit' | 'auto_debit' | 'one_times';

/** Seeds the pricing programs and their rate tables. Idempotent: a program that exists keeps its rows. */
export async function seedPricingPrograms(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of PRICING_PROGRAMS) {
      const [program] = await tx
        .insert(pricingPrograms)
        .values({
          code: p.code,
          name: p.name,
          lendingProgram: p.lendingProgram,
          minAmountCents: cents(p.minAmountCents),
          maxAmountCents: cents(p.maxAmountCents),
          stepCents: cents(p.stepCents),
          states: null,
          stateRules: APR_CAP_RULES,
          splitDiscountPercent: p.splitDiscountPercent,
          effectiveFrom: parseIsoDate(p.effectiveFrom),
        })
        .onConflictDoNothing({ target: pricingPrograms.code })
        .returning({ id: pricingPrograms.id });
      if (!program) continue;
      const rate = (method: Method, band: (typeof p.bands)[number]) => (method === 'one_times' ? band.oneTimesRatePercent : band.autoDebitRatePercent);
      await tx.insert(pricingRateEntries).values(
        (['split_direct_deposit', 'auto_debit', 'one_times'] as const).flatMap((method) =>
          p.bands.map((band) => ({
            programId: program.id,
            method,
            termMonths: band.termMonths,
            minAmountCents: cents(band.minAmountCents),
            maxAmountCents: cents(band.maxAmountCents),
            annualRatePercent: rate(method, band),
            originationFeePercent: band.originationFeePercent ?? null,
            originationFeeMaxCents: band.originationFeeMaxCents === undefined ? null : cents(band.originationFeeMaxCents),
            documentPreparationFeeFlatCents: band.documentPreparationFeeFlatCents === undefined ? null : cents(band.documentPreparationFeeFlatCents),
            feeFinanced: band.feeFinanced,
          })),
        ),
      );
    }
  });
}
