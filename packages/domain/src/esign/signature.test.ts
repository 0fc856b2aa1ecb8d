import { describe, expect, it } from 'vitest';
import { normalizeSignatureName, signatureFontSize, signatureMatchesName } from './signature';

describe('signatureFontSize', () => {
  it.each([
    ['', 38],
    ['Jo Li', 38],
    ['Jordan Rivera', 38],
    ['A'.repeat(16), 38],
    ['A'.repeat(17), 28],
    ['A'.repeat(22), 28],
    ['A'.repeat(23), 20],
    ['A'.repeat(32), 20],
    ['A'.repeat(33), 16],
    ['Maria Guadalupe Hernandez-Villanueva de la Cruz', 16],
  ])('"%s" → %i', (name, size) => {
    expect(signatureFontSize(name)).toBe(size);
  });

  it('measures the name as it is drawn: trimmed, inner spaces collapsed', () => {
    expect(signatureFontSize(`   ${'A'.repeat(8)}      ${'B'.repeat(7)}   `)).toBe(38); // 16 once collapsed
    expect(signatureFontSize(`${'A'.repeat(8)}  ${'B'.repeat(8)}`)).toBe(28); // 17 once collapsed
  });

  it('counts characters, not UTF-16 units', () => {
    expect(signatureFontSize('𝒜'.repeat(16))).toBe(38);
  });
});

describe('signatureMatchesName', () => {
  it('ignores case and surrounding or repeated spaces', () => {
    expect(signatureMatchesName('  jordan   RIVERA ', 'Jordan Rivera')).toBe(true);
    expect(signatureMatchesName('José Álvarez', 'josé álvarez')).toBe(true);
  });

  it('refuses another name, a partial name and an empty full name', () => {
    expect(signatureMatchesName('Jordan', 'Jordan Rivera')).toBe(false);
    expect(signatureMatchesName('Jordan Riviera', 'Jordan Rivera')).toBe(false);
    expect(signatureMatchesName('', '')).toBe(false);
    expect(signatureMatchesName('   ', ' ')).toBe(false);
  });

  it('normalises the drawn form', () => {
    expect(normalizeSignatureName('  Jordan \t Rivera ')).toBe('Jordan Rivera');
  });
});
