import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { bonusesUpTo, levelFor, levelOfRewards, nextLevel, payableCents, payableOn, rewardTotals, rewardsFor } from './rewards';
import type { FriendFacts } from './rewards';

const d = parseIsoDate;
/** n friends, each with one submitted application and an approved (funded) first loan, one day apart. */
const approvedFriends = (n: number): FriendFacts[] =>
  Array.from({ length: n }, (_, i) => ({
    friendUserId: 100 + i,
    submittedApplicationIds: [1000 + i],
    approvedOn: d(`2026-01-${String(i + 1).padStart(2, '0')}`),
  }));

describe('referral rewards (spec §9)', () => {
  // Golden totals for the 1st..10th approved referral: $1 submitted + $50 approved each, bonuses at 3/5/10.
  const golden: [number, number, number, string][] = [
    // [approved, total cents, points, level]
    [1, 5_100, 11, 'zero'],
    [2, 10_200, 22, 'zero'],
    [3, 25_300, 33, 'bronze'],
    [4, 30_400, 44, 'bronze'],
    [5, 55_500, 55, 'silver'],
    [6, 60_600, 66, 'silver'],
    [7, 65_700, 77, 'silver'],
    [8, 70_800, 88, 'silver'],
    [9, 75_900, 99, 'silver'],
    [10, 131_000, 110, 'gold'],
  ];
  it.each(golden)('%i approved referrals: %i cents, %i points, %s', (n, total, points, level) => {
    const t = rewardTotals(rewardsFor(approvedFriends(n)));
    expect(t.earnedCents).toBe(total);
    expect(t.points).toBe(points);
    expect(t.approvedReferrals).toBe(n);
    expect(levelFor(t.approvedReferrals, t.points)).toBe(level);
    expect(levelOfRewards(rewardsFor(approvedFriends(n)))).toBe(level);
  });

  it('the level of a ledger counts approved referrals OR points (submitted applications only add points)', () => {
    const submitted = (n: number) => rewardsFor([{ friendUserId: 7, submittedApplicationIds: Array.from({ length: n }, (_, i) => i + 1), approvedOn: null }]);
    expect(levelOfRewards([])).toBe('zero');
    expect(levelOfRewards(submitted(29))).toBe('zero');
    expect(levelOfRewards(submitted(30))).toBe('bronze');
    expect(levelOfRewards(submitted(50))).toBe('silver');
  });

  it('a submitted application alone earns $1 and 1 point; each application counts once', () => {
    const r = rewardsFor([{ friendUserId: 7, submittedApplicationIds: [3, 9, 3].filter((x, i, a) => a.indexOf(x) === i), approvedOn: null }]);
    expect(r.map((x) => [x.eventKey, x.amountCents, x.points])).toEqual([
      ['submitted:3', 100, 1],
      ['submitted:9', 100, 1],
    ]);
  });

  it('the nth bonus names the friend whose approval reached it, by approval date then id', () => {
    const friends: FriendFacts[] = [
      { friendUserId: 5, submittedApplicationIds: [], approvedOn: d('2026-03-01') },
      { friendUserId: 9, submittedApplicationIds: [], approvedOn: d('2026-01-01') },
      { friendUserId: 2, submittedApplicationIds: [], approvedOn: d('2026-01-01') },
    ];
    const bonus = rewardsFor(friends).find((x) => x.kind === 'bonus');
    expect(bonus).toMatchObject({ eventKey: 'bonus:3', amountCents: 10_000, friendUserId: 5 });
  });

  it('bonuses up to a count, each once', () => {
    expect(bonusesUpTo(2)).toEqual([]);
    expect(bonusesUpTo(4).map((b) => b.eventKey)).toEqual(['bonus:3']);
    expect(bonusesUpTo(12).map((b) => [b.nth, b.amountCents])).toEqual([
      [3, 10_000],
      [5, 20_000],
      [10, 50_000],
    ]);
  });

  it('levels by approved referrals OR points, at each threshold edge', () => {
    expect(levelFor(0, 0)).toBe('zero');
    expect(levelFor(2, 29)).toBe('zero');
    expect(levelFor(3, 0)).toBe('bronze');
    expect(levelFor(0, 30)).toBe('bronze');
    expect(levelFor(4, 49)).toBe('bronze');
    expect(levelFor(5, 0)).toBe('silver');
    expect(levelFor(0, 50)).toBe('silver');
    expect(levelFor(9, 99)).toBe('silver');
    expect(levelFor(10, 0)).toBe('gold');
    expect(levelFor(0, 100)).toBe('gold');
  });

  it('next level needs', () => {
    expect(nextLevel(1, 11)).toEqual({ level: 'bronze', approvedNeeded: 2, pointsNeeded: 19 });
    expect(nextLevel(3, 33)).toEqual({ level: 'silver', approvedNeeded: 2, pointsNeeded: 17 });
    expect(nextLevel(10, 110)).toBeNull();
  });

  it('payable after the waiting period; paid rewards are not payable again', () => {
    expect(payableOn(d('2026-01-01'), 42)).toBe('2026-02-12');
    expect(() => payableOn(d('2026-01-01'), -1)).toThrow(RangeError);
    const rewards = [
      { amountCents: 5_000, payableOn: '2026-02-12', paid: false },
      { amountCents: 100, payableOn: '2026-02-13', paid: false },
      { amountCents: 10_000, payableOn: '2026-01-01', paid: true },
    ];
    expect(payableCents(rewards, d('2026-02-11'))).toBe(0);
    expect(payableCents(rewards, d('2026-02-12'))).toBe(5_000);
    expect(payableCents(rewards, d('2026-02-13'))).toBe(5_100);
  });
});
