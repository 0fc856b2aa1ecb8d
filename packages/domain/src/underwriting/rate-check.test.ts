import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTEROFFER_SCORE_REASON, INCOME_FOR_AMOUNT_REASON, LOW_SCORE_REASON, THIN_FILE_REASON, decideRateCheck } from './rate-check';

const approve = { outcome: 'approve' as const, reasons: [], maxAmountCents: 500_000, adverseActionReasons: [] };
const hit = (score: number, reasonTexts: string[] = []) => ({ status: 'hit' as const, score, reasonTexts });

describe('decideRateCheck', () => {
  it('approves a good score for the amount asked, capped by the engine maximum', () => {
    expect(decideRateCheck(300_000, approve, hit(720))).toEqual({ outcome: 'approved', approvedAmountCents: 300_000, adverseActionReasons: [] });
    expect(decideRateCheck(800_000, approve, hit(720))).toEqual({
      outcome: 'counteroffer',
      approvedAmountCents: 500_000,
      adverseActionReasons: [INCOME_FOR_AMOUNT_REASON],
    });
  });

  it('counteroffers half the amount (rounded down to $100) to a middling score', () => {
    expect(decideRateCheck(350_000, approve, hit(615, ['Too many inquiries']))).toEqual({
      outcome: 'counteroffer',
      approvedAmountCents: 170_000,
      adverseActionReasons: ['Too many inquiries'],
    });
    expect(decideRateCheck(350_000, approve, hit(615))).toMatchObject({ outcome: 'counteroffer', adverseActionReasons: [COUNTEROFFER_SCORE_REASON] });
    expect(decideRateCheck(300_000, approve, hit(649))).toMatchObject({ approvedAmountCents: 150_000 });
    expect(decideRateCheck(300_000, approve, hit(650))).toMatchObject({ outcome: 'approved', approvedAmountCents: 300_000 });
  });

  it('gives a counteroffer the reasons of what lowered it: the score, the income maximum, or both when they tie', () => {
    // The engine maximum ($3,000) is below the score's half of $8,000 ($4,000): income only.
    const cap3k = { ...approve, maxAmountCents: 300_000 };
    expect(decideRateCheck(800_000, cap3k, hit(615, ['A']))).toMatchObject({ approvedAmountCents: 300_000, adverseActionReasons: [INCOME_FOR_AMOUNT_REASON] });
    // The score's half ($2,000) is below the maximum ($5,000): the score's key factors only.
    expect(decideRateCheck(400_000, approve, hit(615, ['A', 'B']))).toMatchObject({ approvedAmountCents: 200_000, adverseActionReasons: ['A', 'B'] });
    // Both $3,000: both reasons, key factors first, at most four.
    expect(decideRateCheck(600_000, cap3k, hit(615, ['A', 'B', 'C', 'D']))).toMatchObject({
      approvedAmountCents: 300_000,
      adverseActionReasons: ['A', 'B', 'C', 'D'],
    });
    expect(decideRateCheck(600_000, cap3k, hit(615, ['A']))).toMatchObject({ adverseActionReasons: ['A', INCOME_FOR_AMOUNT_REASON] });
  });

  it('declines a low score with the bureau key factors, or a generic reason without any', () => {
    expect(decideRateCheck(300_000, approve, hit(579, ['Serious delinquency']))).toEqual({
      outcome: 'declined',
      approvedAmountCents: null,
      adverseActionReasons: ['Serious delinquency'],
    });
    expect(decideRateCheck(300_000, approve, hit(500))).toMatchObject({ adverseActionReasons: [LOW_SCORE_REASON] });
  });

  it('declines when the engine denies, engine reasons first, at most four, no duplicates', () => {
    const deny = {
      outcome: 'deny' as const,
      reasons: [],
      maxAmountCents: 0,
      adverseActionReasons: ['Length of employment', 'Income insufficient for amount of credit requested'],
    };
    expect(decideRateCheck(300_000, deny, hit(720))).toEqual({
      outcome: 'declined',
      approvedAmountCents: null,
      adverseActionReasons: deny.adverseActionReasons,
    });
    const r = decideRateCheck(300_000, deny, hit(500, ['A', 'B', 'Length of employment', 'C']));
    expect(r.adverseActionReasons).toEqual(['Length of employment', 'Income insufficient for amount of credit requested', 'A', 'B']);
  });

  it('declines a counteroffer below the smallest loan', () => {
    expect(decideRateCheck(90_000, approve, hit(600))).toMatchObject({ outcome: 'declined', approvedAmountCents: null });
  });

  it('answers thin_file when the bureau has no usable file', () => {
    expect(decideRateCheck(300_000, approve, { status: 'thin_file' })).toEqual({
      outcome: 'thin_file',
      approvedAmountCents: null,
      adverseActionReasons: [THIN_FILE_REASON],
    });
    expect(decideRateCheck(300_000, approve, { status: 'no_hit' })).toMatchObject({ outcome: 'thin_file' });
  });

  it('property: a counteroffer always states 1–4 principal reasons, below the amount asked; an approval none', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 580, max: 850 }),
        fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 6 }),
        (requested, max, score, texts) => {
          const r = decideRateCheck(requested, { ...approve, maxAmountCents: max }, hit(score, texts));
          if (r.outcome === 'counteroffer') {
            expect(r.approvedAmountCents).toBeLessThan(requested);
            expect(r.adverseActionReasons.length).toBeGreaterThanOrEqual(1);
            expect(r.adverseActionReasons.length).toBeLessThanOrEqual(4);
          }
          if (r.outcome === 'approved') expect(r.adverseActionReasons).toEqual([]);
        },
      ),
    );
  });
});
