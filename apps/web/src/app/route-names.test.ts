import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every route id in the table with its full path (pathless layouts add nothing). */
function named(list: RouteObject[], parent = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const route of list) {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
    if (route.id && route.id !== 'root') found.set(route.id, path || '/');
    for (const [id, p] of named(route.children ?? [], path)) found.set(id, p);
  }
  return found;
}

describe('route names used for navigation (access §2)', () => {
  it('the route table names dashboard, loansAndPayments, personalInformation, loanDetails, loanHistory, payment, eSignature and Signup', () => {
    const ids = named(routes);
    expect(
      Object.fromEntries(
        ['dashboard', 'loansAndPayments', 'personalInformation', 'loanDetails', 'loanHistory', 'payment', 'eSignature', 'Signup'].map((id) => [
          id,
          ids.get(id),
        ]),
      ),
    ).toEqual({
      dashboard: '/dashboard',
      loansAndPayments: '/dashboard/loans-and-payments',
      personalInformation: '/dashboard/personal-information',
      loanDetails: '/dashboard/loans-and-payments/loan-history/:identifier',
      loanHistory: '/dashboard/loans-and-payments/loan-history',
      payment: '/payment',
      eSignature: '/esignature',
      Signup: '/signup',
    });
  });
});
