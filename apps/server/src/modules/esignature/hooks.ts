import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';

/** A loan of the book, as the loan book reads it (`loan-book/loans.ts` `findLoan`). */
type BookLoan = NonNullable<Awaited<ReturnType<AppContext['repos']['loanBook']['loan']>>>;

/** What the e-signature calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type EsignatureHooks = {
  /** The loan a refinance pays off, by id, or undefined (loan-book). */
  bookLoan: (ctx: AppContext, loanId: number) => Promise<BookLoan | undefined>;
  /** A refinanced loan's outstanding balance on a date, replayed from its note and ledger (loan-book): the note's payoff. */
  loanPayoff: (ctx: AppContext, loan: BookLoan, on: IsoDate) => Promise<Cents>;
};
