import type { TEmployer } from '@payrail/contract/reference';

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
 * Federal employers (payment type allotment) set up an allotment; every other employer a split direct
 * deposit, and the page says so everywhere (spec §1, §2 Allotment).
 */
export function allotmentWording(employer: TEmployer | null | undefined): AllotmentWording {
  const federal = employer?.payment_type === 'allotment';
  return federal
    ? { federal, noun: 'allotment', title: 'Allotment', heading: 'Upload Allotment', inAnalysis: 'Allotment in analysis' }
    : { federal, noun: 'split direct deposit', title: 'Split Direct Deposit', heading: 'Upload Split Direct Deposit', inAnalysis: 'Split Direct Deposit in analysis' };
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
