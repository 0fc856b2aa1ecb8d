import { describe, expect, it } from 'vitest';
import {
  formatBasisPoints,
  formatBasisPointsAxis,
  formatCardExpiry,
  formatCents,
  formatDate,
  formatDollarsAxis,
  formatFileSize,
  formatLoanIdentifier,
  formatPercent,
  formatUsPhone,
  maskSsn,
  MONEY_FALLBACK,
  truncateDocumentName,
  truncateNotification,
} from './format';

describe('money', () => {
  it('formats integer cents with thousands separators and two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-250000)).toBe('-$2,500.00');
    expect(formatCents(123456789012)).toBe('$1,234,567,890.12');
  });

  it("falls back to '$ 0.0' when the value is not a number", () => {
    expect(MONEY_FALLBACK).toBe('$ 0.0');
    expect(formatCents('abc')).toBe('$ 0.0');
    expect(formatCents(null)).toBe('$ 0.0');
    expect(formatCents(undefined)).toBe('$ 0.0');
    expect(formatCents(Number.NaN)).toBe('$ 0.0');
    expect(formatCents('x')).toBe('$ 0.0');
  });

  it('shows no fraction of a cent: a non-integer amount is not money and shows the fallback', () => {
    expect(formatCents(0.5)).toBe('$ 0.0');
    expect(formatCents(100.4)).toBe('$ 0.0');
    expect(formatCents('123456')).toBe('$1,234.56');
  });
});

describe('percent', () => {
  it('shows two decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent('35.991')).toBe('35.99%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});

describe('dates', () => {
  it('formats ISO dates as MM/DD/YYYY in UTC', () => {
    expect(formatDate('2024-03-07')).toBe('03/07/2024');
    // Late evening in New York is already the next day in UTC.
    expect(formatDate('2024-12-31T23:30:00-05:00')).toBe('01/01/2025');
    expect(formatDate('2024-01-01T00:00:00Z')).toBe('01/01/2024');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('masks', () => {
  it('shows only the last four digits of an SSN', () => {
    expect(maskSsn('123456789')).toBe('xxx-xx-6789');
    expect(maskSsn('123-45-6789')).toBe('xxx-xx-6789');
    expect(maskSsn('')).toBe('xxx-xx-xxxx');
  });

  it('formats loan identifiers as ####-##-####', () => {
    expect(formatLoanIdentifier('1234567890')).toBe('1234-56-7890');
    expect(formatLoanIdentifier(2024010001)).toBe('2024-01-0001');
    expect(formatLoanIdentifier('12345')).toBe('1234-5');
  });

  it('formats card expiry as MM/YY (access §1), empty when unknown', () => {
    expect(formatCardExpiry(3, 2031)).toBe('03/31');
    expect(formatCardExpiry(12, 2030)).toBe('12/30');
    expect(formatCardExpiry(1, 2100)).toBe('01/00');
    expect(formatCardExpiry(null, 2030)).toBe('');
    expect(formatCardExpiry(4, undefined)).toBe('');
    expect(formatCardExpiry(13, 2030)).toBe('');
  });

  it('formats US phone numbers', () => {
    expect(formatUsPhone('8885550142')).toBe('(888) 555-0142');
    expect(formatUsPhone('+18885550142')).toBe('(888) 555-0142');
    expect(formatUsPhone('12')).toBe('12');
  });
});

describe('truncation', () => {
  it('cuts notification text over 45 characters to 42 plus an ellipsis', () => {
    const exactly45 = 'a'.repeat(45);
    expect(truncateNotification(exactly45)).toBe(exactly45);
    const long = 'Your loan documents were reviewed and approved today.';
    expect(truncateNotification(long)).toBe(`${long.slice(0, 42)}…`);
    expect(truncateNotification(long)).toHaveLength(43);
  });

  it("cuts document names over 30 characters to 27 plus '...'", () => {
    expect(truncateDocumentName('pay-stub.pdf')).toBe('pay-stub.pdf');
    expect(truncateDocumentName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateDocumentName('driver-license-front-side-scan.jpeg')).toBe('driver-license-front-side-s...');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5242880)).toBe('5 MB');
  });
});

describe('chart and rate labels', () => {
  it('basis points as percentages', () => {
    expect(formatBasisPoints(1234)).toBe('12.34%');
    expect(formatBasisPoints(5)).toBe('0.05%');
    expect(formatBasisPoints(1250, 1)).toBe('12.5%');
    expect(formatBasisPointsAxis(1200)).toBe('12%');
    expect(formatBasisPointsAxis(1250)).toBe('12.5%');
  });
  it('axis dollars are whole and grouped', () => {
    expect(formatDollarsAxis(123_456_78)).toBe('$123,457');
    expect(formatDollarsAxis(0)).toBe('$0');
    expect(formatDollarsAxis(49)).toBe('$0');
  });
});
