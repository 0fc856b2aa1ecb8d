import type { TRepresentativeExample } from '@payrail/contract/application';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { amountOptions, type Offer, priceOffers } from '@payrail/domain/loan/pricing';
import { utcDay } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import { toPricingProgram } from '../pricing-program';
import type { LendingProgram } from '../repository';
import { listStates } from '../../reference/reference-data';

const PROGRAMS: readonly LendingProgram[] = ['federal_allotment', 'split_direct_deposit', 'b2b_partner'];
/** The worked example: a $3,000 loan repaid every two weeks by payroll (the program's lowest price), over 12 months when offered. */
const EXAMPLE = {
  programs: ['federal_allotment', 'split_direct_deposit'] as const,
  amountCents: cents(300_000),
  termMonths: 12,
  frequency: 'biweekly' as const,
};

let cached: { day: string; answer: TRepresentativeExample } | null = null;

/**
 * GET /representative_example (public): what an advertisement of our terms must state, computed by the
 * loan engine from the pricing programs in force today — the APR range, amounts and terms over every
 * program, repay method and state we lend in, and one worked example with its payment, total and APR.
 * Cached per day (pricing changes by effective date).
 */
export async function representativeExample(ctx: AppContext): Promise<TRepresentativeExample> {
  const today = utcDay(ctx.now());
  if (cached?.day === today) return cached.answer;
  const disbursementDate = nextBusinessDay(today);
  const first = firstPaymentDate(EXAMPLE.frequency, disbursementDate, null);
  const states = (await listStates(ctx)).filter((s) => s.isAvailable).map((s) => s.abbreviation);

  const aprs: number[] = [];
  const amounts: number[] = [];
  const months: number[] = [];
  let example: { offer: Offer; program: LendingProgram } | null = null;
  for (const lending of PROGRAMS) {
    const stored = await ctx.repos.loanTerms.programInForce(lending, today);
    if (!stored) continue;
    const program = toPricingProgram(stored.program, stored.entries);
    // States priced alike (same state rule, same entries apply) give the same offers: price one of each.
    const seen = new Set<string>();
    for (const state of states) {
      const signature = JSON.stringify([
        program.stateRules?.[state] ?? null,
        program.states ? program.states.includes(state) : true,
        stored.entries.map((e) => !e.states || e.states.includes(state)),
      ]);
      if (seen.has(signature)) continue;
      seen.add(signature);
      const options = amountOptions(program, state, EXAMPLE.frequency);
      if (options.length === 0) continue;
      const probes = [...new Set([options[0]!, options[options.length - 1]!, ...(options.includes(EXAMPLE.amountCents) ? [EXAMPLE.amountCents] : [])])];
      for (const amountCents of probes) {
        const { offers } = priceOffers({ program, state, amountCents, frequency: EXAMPLE.frequency, disbursementDate, firstPaymentDate: first });
        for (const offer of [...offers.split_direct_deposit, ...offers.auto_debit, ...offers.one_times]) {
          aprs.push(Number(offer.apr));
          amounts.push(offer.amount);
          months.push(offer.terms_in_months);
        }
        if (!example && amountCents === EXAMPLE.amountCents && (EXAMPLE.programs as readonly string[]).includes(lending)) {
          const offer = offers.split_direct_deposit.find((o) => o.terms_in_months === EXAMPLE.termMonths) ?? offers.split_direct_deposit[0];
          if (offer) example = { offer, program: lending };
        }
      }
    }
  }
  if (aprs.length === 0 || !example) throw AppError.notFound('No loan terms are offered today.');

  const o = example.offer;
  const { schedule, disclosure } = quoteLoan({
    amountCents: o.amount,
    originationFeeCents: o.fee_amount,
    feeFinanced: o.fee_financed,
    annualRatePercent: o.interest_rate,
    frequency: EXAMPLE.frequency,
    numberOfPayments: o.number_of_payments,
    disbursementDate,
    firstPaymentDate: first,
  });
  const answer: TRepresentativeExample = {
    apr_min: formatAprForDisclosure(String(Math.min(...aprs))),
    apr_max: formatAprForDisclosure(String(Math.max(...aprs))),
    amount_min: Math.min(...amounts),
    amount_max: Math.max(...amounts),
    term_months_min: Math.min(...months),
    term_months_max: Math.max(...months),
    example: {
      amount: o.amount,
      fee_amount: o.fee_amount,
      fee_label: o.fee_label,
      fee_financed: o.fee_financed,
      interest_rate: o.interest_rate,
      apr: formatAprForDisclosure(disclosure.aprPercent),
      term_frequency: EXAMPLE.frequency,
      number_of_payments: o.number_of_payments,
      terms_in_months: o.terms_in_months,
      payment_per_term: schedule.regularPaymentCents,
      final_payment: schedule.finalPaymentCents,
      finance_charge: disclosure.financeChargeCents,
      amount_financed: disclosure.amountFinancedCents,
      total_of_payments: disclosure.totalOfPaymentsCents,
    },
    as_of: today,
  };
  cached = { day: today, answer };
  return answer;
}
