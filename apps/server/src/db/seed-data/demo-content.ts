import type { BenefitLevel, DemoBanner } from './types';

/** Borrower notifications for the demo account: a mix of short (< 45 characters) and long messages. */
export const DEMO_NOTIFICATIONS = [
  'Your payment of $183.41 was received.',
  'Your loan has been funded.',
  'We received your pay stub.',
  'AutoPay is now turned on.',
  'Your debit card ending in 4821 was added.',
  'Your next payment of $183.41 is due on March 13.',
  'Your employer confirmed your payroll deduction. Payments will start with your next paycheck.',
  'We need a clearer copy of your pay stub. Please upload a PDF that shows your name, pay date and net pay.',
  'Your payment of $96.20 was returned by your bank. Please update your payment method so your loan stays current.',
  "Your e-mail address was changed. If you didn't make this change, call us at (888) 555-0142.",
  "Nice work! You've made 6 on-time payments in a row and reached Silver benefits.",
  'Your loan is paid in full. Thank you for choosing Payrail!',
] as const satisfies readonly string[];

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

type BannerIcon = 'people' | 'calendar' | 'arrow' | 'bulb';

interface BannerArt {
  readonly slug: string;
  readonly title: string;
  readonly headline: string;
  readonly subline: string;
  /** Gradient start and end; white text meets WCAG AA on both. */
  readonly colors: readonly [string, string];
  readonly accent: string;
  readonly icon: BannerIcon;
}

/** Icon drawn inside a circle of radius r centred at (cx, cy). */
function iconSvg(icon: BannerIcon, cx: number, cy: number, r: number, accent: string): string {
  const s = r / 24;
  const at = (dx: number, dy: number): string => `${Math.round((cx + dx * s) * 10) / 10},${Math.round((cy + dy * s) * 10) / 10}`;
  const circle = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.14"/>`;
  switch (icon) {
    case 'people':
      return (
        circle +
        `<circle cx="${cx - 6 * s}" cy="${cy - 5 * s}" r="${6 * s}" fill="${accent}"/>` +
        `<circle cx="${cx + 7 * s}" cy="${cy - 3 * s}" r="${5 * s}" fill="#ffffff"/>` +
        `<path d="M${at(-16, 13)} Q${at(-6, -2)} ${at(4, 13)} Z" fill="${accent}"/>` +
        `<path d="M${at(-1, 13)} Q${at(7, 1)} ${at(15, 13)} Z" fill="#ffffff"/>`
      );
    case 'calendar':
      return (
        circle +
        `<rect x="${cx - 13 * s}" y="${cy - 11 * s}" width="${26 * s}" height="${24 * s}" rx="${3 * s}" fill="#ffffff"/>` +
        `<rect x="${cx - 13 * s}" y="${cy - 11 * s}" width="${26 * s}" height="${7 * s}" rx="${3 * s}" fill="${accent}"/>` +
        `<path d="M${at(-6, 4)} L${at(-1, 9)} L${at(7, -1)}" fill="none" stroke="${accent}" stroke-width="${3 * s}" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    case 'arrow':
      return (
        circle +
        `<path d="M${at(-12, 10)} L${at(-3, 1)} L${at(3, 6)} L${at(12, -5)}" fill="none" stroke="#ffffff" stroke-width="${3.5 * s}" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="M${at(5, -7)} L${at(13, -7)} L${at(13, 1)}" fill="none" stroke="${accent}" stroke-width="${3.5 * s}" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    case 'bulb':
      return (
        circle +
        `<circle cx="${cx}" cy="${cy - 3 * s}" r="${9 * s}" fill="${accent}"/>` +
        `<rect x="${cx - 4.5 * s}" y="${cy + 7 * s}" width="${9 * s}" height="${6 * s}" rx="${1.5 * s}" fill="#ffffff"/>`
      );
  }
}

function desktopBannerSvg(art: BannerArt): string {
  const id = `banner-${art.slug}-bg`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 728 90" width="728" height="90" role="img">' +
    `<title>${escapeXml(art.title)}</title>` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colors[0]}"/><stop offset="1" stop-color="${art.colors[1]}"/></linearGradient></defs>` +
    `<rect width="728" height="90" rx="8" fill="url(#${id})"/>` +
    '<circle cx="690" cy="-10" r="70" fill="#ffffff" fill-opacity="0.06"/>' +
    iconSvg(art.icon, 52, 45, 28, art.accent) +
    `<text x="100" y="40" font-family="${FONT_FAMILY}" font-size="21" font-weight="700" fill="#ffffff">${escapeXml(art.headline)}</text>` +
    `<text x="100" y="64" font-family="${FONT_FAMILY}" font-size="14" fill="#ffffff" fill-opacity="0.92">${escapeXml(art.subline)}</text>` +
    '</svg>'
  );
}

function mobileBannerSvg(art: BannerArt): string {
  const id = `banner-${art.slug}-bg`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 100" width="320" height="100" role="img">' +
    `<title>${escapeXml(art.title)}</title>` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colors[0]}"/><stop offset="1" stop-color="${art.colors[1]}"/></linearGradient></defs>` +
    `<rect width="320" height="100" rx="10" fill="url(#${id})"/>` +
    '<circle cx="300" cy="96" r="46" fill="#ffffff" fill-opacity="0.06"/>' +
    iconSvg(art.icon, 40, 50, 24, art.accent) +
    `<text x="76" y="32" font-family="${FONT_FAMILY}" font-size="16" font-weight="700" fill="#ffffff">${escapeXml(art.headline)}</text>` +
    `<text x="76" y="52" font-family="${FONT_FAMILY}" font-size="12" fill="#ffffff" fill-opacity="0.92">${escapeXml(art.subline)}</text>` +
    '</svg>'
  );
}

const REFER_A_FRIEND = {
  slug: 'refer-a-friend',
  title: 'Refer a friend to Payrail',
  headline: 'Share Payrail with a coworker',
  subline: 'Earn $50 for each approved referral, plus bonuses.',
  colors: ['#1f3a5f', '#0f5f73'],
  accent: '#f5c451',
  icon: 'people',
} as const satisfies BannerArt;

const REFINANCE = {
  slug: 'refinance',
  title: 'See if you can refinance your Payrail loan',
  headline: 'Need a little more? Refinance.',
  subline: "Checking takes 2 minutes and won't affect your credit score.",
  colors: ['#3b2a6b', '#1d4ed8'],
  accent: '#7ee0c3',
  icon: 'arrow',
} as const satisfies BannerArt;

const AUTO_DEBIT = {
  slug: 'auto-debit',
  title: 'Turn on AutoPay',
  headline: 'Never miss a payment',
  subline: 'Turn on AutoPay in under a minute.',
  colors: ['#0f766e', '#155e75'],
  accent: '#0f766e',
  icon: 'calendar',
} as const satisfies BannerArt;

const FINANCIAL_TIPS = {
  slug: 'financial-tips',
  title: 'Financial tips from Payrail',
  headline: 'Build a $500 cushion',
  subline: 'Small automatic transfers add up fast.',
  colors: ['#9d174d', '#b45309'],
  accent: '#ffd166',
  icon: 'bulb',
} as const satisfies BannerArt;

/** Marketing banners: two desktop (728×90) and two mobile (320×100). */
export const DEMO_BANNERS = [
  {
    slug: REFER_A_FRIEND.slug,
    title: REFER_A_FRIEND.title,
    body: 'Share your referral code with a coworker. You earn $1 when they submit an application and $50 when their loan is approved, plus a $100 bonus at your 3rd, $200 at your 5th and $500 at your 10th approved referral. Payouts take 6-8 weeks.',
    is_mobile: false,
    svg: desktopBannerSvg(REFER_A_FRIEND),
  },
  {
    slug: REFINANCE.slug,
    title: REFINANCE.title,
    body: "Need a little more? Checking whether you can refinance takes two minutes and won't affect your credit score.",
    is_mobile: false,
    svg: desktopBannerSvg(REFINANCE),
  },
  {
    slug: AUTO_DEBIT.slug,
    title: AUTO_DEBIT.title,
    body: 'Never miss a payment: turn on AutoPay and your installments are paid automatically on each due date.',
    is_mobile: true,
    svg: mobileBannerSvg(AUTO_DEBIT),
  },
  {
    slug: FINANCIAL_TIPS.slug,
    title: FINANCIAL_TIPS.title,
    body: 'Build a $500 emergency cushion: small automatic transfers to savings on each payday add up fast.',
    is_mobile: true,
    svg: mobileBannerSvg(FINANCIAL_TIPS),
  },
] as const satisfies readonly DemoBanner[];

/**
 * Borrower benefit levels. Each colour is dark enough for white text to meet WCAG AA
 * (contrast ≥ 4.5:1): zero 5.98, bronze 4.82, silver 4.82, gold 4.81.
 */
export const BENEFIT_LEVELS = [
  { level: 'zero', color: '#5b6472' },
  { level: 'bronze', color: '#a0642b' },
  { level: 'silver', color: '#6b737a' },
  { level: 'gold', color: '#946b00' },
] as const satisfies readonly BenefitLevel[];
