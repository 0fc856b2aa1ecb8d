/** Company facts shown in the shell; one place so legal wording stays consistent. */
export const BRAND = {
  name: 'Payrail',
  legalName: 'Payrail, Inc.',
  /** Ends with a period ("N.A."): sentences that end with it add none. */
  lender: 'Harbor Point Bank, N.A.',
  supportPhone: '(888) 555-0142',
  supportPhoneHref: 'tel:+18885550142',
} as const;
