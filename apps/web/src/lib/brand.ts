/** Company facts shown in the shell; one place so legal wording stays consistent. */
export const BRAND = {
  name: 'Payrail',
  legalName: 'Payrail, Inc.',
  /** Ends with a period ("N.A."): sentences that end with it add none. */
  lender: 'Harbor Point Bank, N.A.',
  supportPhone: '(888) 555-0142',
  supportPhoneHref: 'tel:+18885550142',
  /** The address the server's support chat writes to (SUPPORT_EMAIL, default support@payrail.test); set VITE_SUPPORT_EMAIL to the same per install. */
  supportEmail: (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@payrail.test',
  /** The FAQ of the contact block (newflow §2); set VITE_FAQ_URL per install. */
  faqUrl: (import.meta.env.VITE_FAQ_URL as string | undefined) || 'https://www.payrail.com/faq',
} as const;
