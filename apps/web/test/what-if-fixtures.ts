import type { TWhatIfProjection } from '@payrail/contract/borrower-tools';

/** A what-if baseline: $1,000.00 paid off in 3 monthly installments from 2028-01-03, with $20.07 of interest. */
export const whatIfBaseline: TWhatIfProjection = {
  payoff_date: '2028-04-03',
  interest: 2007,
  total_paid: 102007,
  installments: 3,
  points: [
    { date: '2028-01-03', principal: 100000 },
    { date: '2028-02-03', principal: 66998 },
    { date: '2028-03-03', principal: 33666 },
    { date: '2028-04-03', principal: 0 },
  ],
};
