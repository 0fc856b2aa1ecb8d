import { describe, expect, it } from 'vitest';
import { normalizeMobile } from './phones';

describe('normalizeMobile', () => {
  it('takes exactly 10 US digits in production, with or without +1 and the SPA mask', () => {
    for (const input of ['(202) 555-0142', '2025550142', '+1 (202) 555-0142', '+12025550142', '1-202-555-0142'])
      expect(normalizeMobile(input, true), input).toBe('+12025550142');
    for (const input of ['202555014', '20255501423', '+5511987654321', '+351912345678', '(555) 555-0123', 'call me'])
      expect(normalizeMobile(input, true), input).toBeNull();
  });

  it('takes US, Brazilian and Portuguese mobile numbers outside production', () => {
    expect(normalizeMobile('(202) 555-0142', false)).toBe('+12025550142');
    expect(normalizeMobile('+55 11 98765-4321', false)).toBe('+5511987654321');
    expect(normalizeMobile('+351 912 345 678', false)).toBe('+351912345678');
  });

  it('refuses landlines, other countries and nonsense outside production', () => {
    for (const input of ['+351 212 345 678', '+55 11 3333-4444', '+44 20 7123 4567', '+33 6 12 34 56 78', '12345', ''])
      expect(normalizeMobile(input, false), input).toBeNull();
  });
});
