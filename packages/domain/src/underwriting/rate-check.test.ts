import { describe, expect, it } from 'vitest';
import { LOW_SCORE_REASON, THIN_FILE_REASON, decideRateCheck } from './rate-check';

const approve = { outcome: 'approve' as const, reasons: [], maxAmountCents: 500_000, adverseActionReasons: [] };
const hit = (score: number, reasonTexts: string[] = []) => ({ status: 'hit' as const, score, reasonTexts });

describe('decideRateCheck', () => {
  it('approves a good score for the amount asked, capped by the engine maximum', () => {
    expect(decideRateCheck(300_000, approve, hit(720))).toEqual({ outcome: 'approved', approvedAmountCents: 300_000, adverseActionReasons: [] });
    expect(decideRateCheck(800_000, approve, hit(720))).toEqual({ outcome: 'counteroffer', approvedAmountCents: 500_000, adverseActionReasons: [] });
  });

  it('counteroffers half the amount (rounded down to $100) to a middling score', () => {
    expect(decideRateCheck(350_000, approve, hit(615))).toEqual({ outcome: 'counteroffer', approvedAmountCents: 170_000, adverseActionReasons: [] });
    expect(decideRateCheck(300_000, approve, hit(649))).toMatchObject({ approvedAmountCents: 150_000 });
    expect(decideRateCheck(300_000, approve, hit(650))).toMatchObject({ outcome: 'approved', approvedAmountCents: 300_000 });
  });

  it('declines a low score with the bureau key factors, or a generic reason without any', () => {
    expect(decideRateCheck(300_000, approve, hit(579, ['Serious delinquency']))).toEqual({ outcome: 'declined', approvedAmountCents: null, adverseActionReasons: ['Serious delinquency'] });
    expect(decideRateCheck(300_000, approve, hit(500))).toMatchObject({ adverseActionReasons: [LOW_SCORE_REASON] });
  });

  it('declines when the engine denies, engine reasons first, at most four, no duplicates', () => {
    const deny = { outcome: 'deny' as const, reasons: [], maxAmountCents: 0, adverseActionReasons: ['Length of employment', 'Income insufficient for amount of credit requested'] };
    expect(decideRateCheck(300_000, deny, hit(720))).toEqual({ outcome: 'declined', approvedAmountCents: null, adverseActionReasons: deny.adverseActionReasons });
    const r = decideRateCheck(300_000, deny, hit(500, ['A', 'B', 'Length of employment', 'C']));
    expect(r.adverseActionReasons).toEqual(['Length of employment', 'Income insufficient for amount of credit requested', 'A', 'B']);
  });

  it('declines a counteroffer below the smallest loan', () => {
    expect(decideRateCheck(90_000, approve, hit(600))).toMatchObject({ outcome: 'declined', approvedAmountCents: null });
  });

  it('answers thin_file when the bureau has no usable file', () => {
    expect(decideRateCheck(300_000, approve, { status: 'thin_file' })).toEqual({ outcome: 'thin_file', approvedAmountCents: null, adverseActionReasons: [THIN_FILE_REASON] });
    expect(decideRateCheck(300_000, approve, { status: 'no_hit' })).toMatchObject({ outcome: 'thin_file' });
  });
});
