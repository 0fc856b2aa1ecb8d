import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import {
  addressesMatch,
  checkProofOfAddress,
  checkProofOfAddressDate,
  normalizeStreetLine,
  normalizeUnit,
  proofOfAddressValidThrough,
} from './proof-of-address';

const today = parseIsoDate('2026-11-01');
const dated = (d: string): string => {
  const r = checkProofOfAddressDate(parseIsoDate(d), today);
  return r.ok ? 'ok' : r.code;
};

describe('proof of address date: within 45 days of today', () => {
  it('accepts today through 45 days ago', () => {
    expect(dated('2026-11-01')).toBe('ok');
    expect(dated('2026-09-17')).toBe('ok'); // 45 days before 2026-11-01
    expect(dated('2026-09-16')).toBe('proof_of_address_too_old'); // 46 days
  });
  it('refuses a future date', () => {
    expect(dated('2026-11-02')).toBe('proof_of_address_future_dated');
  });
  it('says until when a document is valid', () => {
    expect(proofOfAddressValidThrough(parseIsoDate('2026-09-17'))).toBe('2026-11-01');
    expect(proofOfAddressValidThrough(parseIsoDate('2024-01-31'))).toBe('2024-03-16'); // leap year
  });
});

describe('address match', () => {
  const app = { address: '123 North Main Street', unitNumber: 'Apt 4B', zipCode: '02110' };
  it('normalises case, punctuation and USPS abbreviations', () => {
    expect(normalizeStreetLine(' 123  N. Main St. ')).toBe('123 N MAIN ST');
    expect(normalizeStreetLine('123 North Main Street')).toBe('123 N MAIN ST');
    expect(normalizeUnit('Apt. 4B')).toBe('4B');
    expect(normalizeUnit('#4b')).toBe('4B');
    expect(normalizeUnit('Unit 4B')).toBe('4B');
    expect(normalizeUnit('P.O. Box 12')).toBe('12');
    expect(normalizeUnit(null)).toBe('');
  });
  it('matches the same place written differently', () => {
    expect(addressesMatch(app, { address: '123 N Main St', unitNumber: '#4B', zipCode: '02110-1234' })).toBe(true);
  });
  it('does not match another street, unit or ZIP', () => {
    expect(addressesMatch(app, { address: '125 N Main St', unitNumber: '4B', zipCode: '02110' })).toBe(false);
    expect(addressesMatch(app, { address: '123 S Main St', unitNumber: '4B', zipCode: '02110' })).toBe(false);
    expect(addressesMatch(app, { address: '123 N Main St', unitNumber: '4C', zipCode: '02110' })).toBe(false);
    expect(addressesMatch(app, { address: '123 N Main St', unitNumber: '', zipCode: '02110' })).toBe(false);
    expect(addressesMatch(app, { address: '123 N Main St', unitNumber: '4B', zipCode: '02111' })).toBe(false);
    expect(addressesMatch({ ...app, zipCode: '' }, { ...app, zipCode: '' })).toBe(false);
  });
  it('checks the date, then the address', () => {
    const onBill = { address: '123 N Main St', unitNumber: 'Apt 4B', zipCode: '02110' };
    expect(checkProofOfAddress(parseIsoDate('2026-10-15'), onBill, app, today)).toEqual({ ok: true, value: '2026-10-15' });
    expect(checkProofOfAddress(parseIsoDate('2026-01-15'), onBill, app, today)).toEqual({ ok: false, code: 'proof_of_address_too_old' });
    expect(checkProofOfAddress(parseIsoDate('2026-10-15'), { ...onBill, zipCode: '99999' }, app, today)).toEqual({
      ok: false,
      code: 'proof_of_address_mismatch',
    });
  });
});
