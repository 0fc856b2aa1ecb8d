import type { CompanyInfo } from './types';

/** Fictional company and bank details printed in documents and e-mails. */
export const COMPANY = {
  legal_name: 'Payrail, Inc.',
  brand_name: 'Payrail',
  bank_name: 'Harbor Point Bank, N.A.',
  support_phone: '(888) 555-0142',
  support_email: 'support@payrail.test',
  address: {
    line1: '100 Rail Street',
    line2: 'Suite 400',
    city: 'Wilmington',
    state: 'DE',
    postal_code: '19801',
  },
  address_line: '100 Rail Street, Suite 400, Wilmington, DE 19801',
  website: 'https://www.payrail.test',
} as const satisfies CompanyInfo;
