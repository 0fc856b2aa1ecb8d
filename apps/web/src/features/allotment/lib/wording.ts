import type { TEmployer } from '@payrail/contract/reference';
import { depositNoun, depositTitle, isNonFederal } from '../../../lib/payroll-wording';

export interface PayrollPortal {
  name: string;
  url: string;
}

export interface AllotmentWording {
  federal: boolean;
  /** "allotment" / "split direct deposit" inside sentences. */
  noun: string;
  /** "Allotment" / "Split Direct Deposit" in titles and labels. */
  title: string;
  heading: string;
  inAnalysis: string;
}

/**
 * Non-federal employers (payment type split_direct_deposit) set up a split direct deposit; every other
 * employer — federal, or unknown — an allotment (spec §1, §2 Allotment). The rule is the app's one
 * rule (lib/payroll-wording), so this page, the home panel and the status labels agree.
 */
export function allotmentWording(employer: TEmployer | null | undefined): AllotmentWording {
  const paymentType = employer?.payment_type;
  const title = depositTitle(paymentType);
  return { federal: !isNonFederal(paymentType), noun: depositNoun(paymentType), title, heading: `Upload ${title}`, inAnalysis: `${title} in analysis` };
}

const FEDERAL_PORTALS: readonly PayrollPortal[] = [
  { name: 'myPay (DFAS)', url: 'https://mypay.dfas.mil' },
  { name: 'NFC EPP', url: 'https://www.nfc.usda.gov/epps/' },
  { name: 'Employee Express', url: 'https://www.employeeexpress.gov' },
  { name: 'LiteBlue', url: 'https://liteblue.usps.gov' },
];

const PRIVATE_PORTALS: readonly PayrollPortal[] = [
  { name: 'MyADP', url: 'https://my.adp.com' },
  { name: 'Paychex Flex', url: 'https://myapps.paychex.com' },
  { name: 'Gusto', url: 'https://app.gusto.com' },
  { name: 'Paylocity', url: 'https://access.paylocity.com' },
  { name: 'Paycom', url: 'https://www.paycomonline.net' },
];

/** Payroll portals for the quick guide's step 2: the employer's own first, then the usual ones. */
export function payrollPortals(employer: TEmployer | null | undefined): PayrollPortal[] {
  const usual = allotmentWording(employer).federal ? FEDERAL_PORTALS : PRIVATE_PORTALS;
  const own = employer?.payroll_portal ?? null;
  return own ? [own, ...usual.filter((portal) => portal.url !== own.url)] : [...usual];
}
