import type { TBannerAction } from '@payrail/contract/identity';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { parsedJson } from '../../../db/json-rows';

/** What targeting needs to know about the borrower. */
type Audience = { autoDebit: boolean; eligibleForRefinance: boolean; referCode: string | null };

type BannerRule = { show: (a: Audience) => boolean; action: (a: Audience) => TBannerAction | null };

/**
 * Who sees each banner and what its button does (the text is the banner's own). A refinancing offer
 * goes only to a borrower the session calls eligible to refinance (never right after funding); AutoPay
 * only to a borrower who does not already repay by auto-debit; the referral banner only with a code to
 * share. An unknown banner is shown to everyone, without a button.
 */
const RULES: Readonly<Record<string, BannerRule>> = {
  'refer-a-friend': {
    show: (a) => a.referCode !== null,
    action: (a) => (a.referCode ? { kind: 'copy_referral_code', label: 'Copy my referral code', code: a.referCode } : null),
  },
  refinance: { show: (a) => a.eligibleForRefinance, action: () => ({ kind: 'link', label: 'Check my refinance offer', href: '/refinance_terms' }) },
  'auto-debit': { show: (a) => !a.autoDebit, action: () => ({ kind: 'link', label: 'Set up AutoPay', href: '/dashboard/loans-and-payments' }) },
  'financial-tips': { show: () => true, action: () => null },
};

/** GET /banners: the sidebar banners this borrower should see, each with its text and call to action. */
export async function listBanners(ctx: AppContext, member: MemberRow) {
  // One statement: the active banners, the refer code, the latest repay method and what the refinance eligibility reads.
  const { facts, applications, extra } = await ctx.hooks.engagement.memberLoanFacts(ctx, member.id, 'opened', ctx.repos.engagement.bannerAudienceColumns);
  const rows = parsedJson(extra.banners) as { slug: string; isMobile: boolean; title: string; body: string }[];
  const audience: Audience = {
    autoDebit: extra.repayMethod === 'auto_debit',
    eligibleForRefinance: ctx.hooks.engagement.eligibleForRefinance(ctx, member, { applications, facts }),
    referCode: (extra.referCode as string | null) ?? null,
  };
  return rows
    .filter((b) => RULES[b.slug]?.show(audience) ?? true)
    .map((b) => ({ url: `/api/banners/${b.slug}.svg`, is_mobile: b.isMobile, title: b.title, text: b.body, action: RULES[b.slug]?.action(audience) ?? null }));
}
