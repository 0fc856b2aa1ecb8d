import { describe, expect, it } from 'vitest';
import { loanManagerHref } from './loan-manager';

describe('loan-manager link', () => {
  it('passes the token as a query parameter, encoded', () => {
    expect(loanManagerHref('abc.def', 'https://loans.example.com/')).toBe('https://loans.example.com/?token=abc.def');
    expect(loanManagerHref('a+b/c', 'https://loans.example.com/portal?x=1')).toBe('https://loans.example.com/portal?x=1&token=a%2Bb%2Fc');
  });
});
