import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { randomBytes } from 'node:crypto';
import { ABOUT_YOURSELF_FIELDS } from '@payrail/contract/application';
import { describe, expect, it } from 'vitest';
import { createCryptoBox } from '../../lib/crypto-box';
import type { BorrowerRow } from '../identity/repository';
import { DRIVER_LICENSE_AAD, SSN_AAD, displayValue, isBorrowerField } from './field-rules';
import type { ProfileRow } from './repository';

const box = createCryptoBox(randomBytes(32));
const at = new Date('2026-01-01T00:00:00Z');

const profile: ProfileRow = {
  id: 1,
  userId: 1,
  dateOfBirth: parseIsoDate('1986-04-12'),
  address: '12 Harbor Street',
  unitNumber: 'Apt 4',
  zipCode: '19801',
  city: 'Wilmington',
  driverLicenseNumberSealed: box.seal('D1234567', DRIVER_LICENSE_AAD),
  driverLicenseStateId: 8,
  ssnSealed: box.seal('123456789', SSN_AAD),
  ssnIndex: 'x',
  annualIncomeCents: cents(6_000_000),
  annualHouseholdIncomeCents: cents(7_500_050),
  housingType: 'own',
  housingPaymentCents: cents(0),
  loanPurposeId: 3,
  workingTimeRange: '1_3',
  militaryActive: false,
  incomeSource: 'Employed',
  employeeId: 'E-1',
  educationInitials: null,
  educationAgreedAt: null,
  createdAt: at,
  updatedAt: at,
};

const borrower: BorrowerRow = {
  id: 1,
  userId: 1,
  firstName: 'Jordan',
  lastName: 'Rivera',
  employerId: null,
  stateId: 8,
  referCode: 'ABC',
  referredBy: null,
  phone: null,
  phoneConfirmedAt: null,
  createdAt: at,
  updatedAt: at,
};

describe('isBorrowerField', () => {
  // update_field answers from the rows its save returned and reads only a table the answer needs: the
  // split must be the one displayValue reads from.
  it('names exactly the fields displayValue reads from the borrower row', () => {
    for (const field of ABOUT_YOURSELF_FIELDS) {
      const fromBorrower = displayValue(field, undefined, borrower, box) !== null;
      const fromProfile = displayValue(field, profile, undefined, box) !== null;
      expect(fromBorrower !== fromProfile, field).toBe(true);
      expect(isBorrowerField(field), field).toBe(fromBorrower);
    }
  });
});
