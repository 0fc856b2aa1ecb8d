import { LOAN_DPD_RANGES } from '@payrail/contract/servicing-backoffice';
import type { LoanDpdBucket, LoanRepayMethod, TLoanListItem, TLoanListResponse } from '@payrail/contract/servicing-backoffice';
import type { IsoDate } from '@payrail/domain/dates';
import { servicingSnapshot } from '@payrail/domain/servicing/snapshot';
import type { AppContext } from '../../../context';
import { displayName } from '../../../lib/display-name';
import type { LedgerEntryRow, LoanListFilter, LoanListRow, LoanStatusValue } from '../repository';
import { businessDate, scheduleOf } from '../servicing-policy';
import { toDomainEntry, viewDate } from './loan-position';
import { borrowerCards } from '../../identity/members';

/** The loans one scan reads with a days-past-due filter (their ledgers come in one more read). */
const SCAN_SIZE = 200;
/** Scans per request at most: a request makes at most 2 × this many reads of loans and ledgers. */
const MAX_SCANS = 5;
const MAX_INT = 2_147_483_647;

export type LoanListInput = {
  q?: string | undefined;
  status?: LoanStatusValue | undefined;
  dpd?: LoanDpdBucket | undefined;
  repay_method?: LoanRepayMethod | undefined;
  cursor?: string | undefined;
  per_page: number;
};

/**
 * What a search box holds: `#42` is an id; digits with any punctuation (`1152-60-6252`, `(202) 555-0142`)
 * are an id, a loan number's first digits (4 or more) or a phone's digits (4 or more); anything else is
 * part of a name or an e-mail.
 */
export function parseLoanSearch(raw: string | undefined): NonNullable<LoanListFilter['search']> | undefined {
  const q = raw?.trim() ?? '';
  if (q === '') return undefined;
  const hash = /^#\s*(\d{1,10})$/.exec(q);
  if (hash) {
    const id = Number(hash[1]);
    return { id: id <= MAX_INT ? id : null, numberDigits: null, text: null, phoneDigits: null };
  }
  if (/^[\d\s().+-]+$/.test(q) && /\d/.test(q)) {
    const digits = q.replace(/\D/g, '');
    const id = /^\d+$/.test(q) && digits.length <= 10 && Number(digits) <= MAX_INT ? Number(digits) : null;
    return { id, numberDigits: digits.length >= 4 && digits.length <= 10 ? digits : null, text: null, phoneDigits: digits.length >= 4 ? digits : null };
  }
  return { id: null, numberDigits: null, text: q, phoneDigits: null };
}

/** A loan's figures as its servicing page reads them: the snapshot of its schedule of record and ledger on the view date. */
function figuresOf(row: LoanListRow, entries: readonly LedgerEntryRow[], today: IsoDate) {
  const { loan } = row;
  const snap = servicingSnapshot(scheduleOf(loan), entries.map(toDomainEntry), viewDate(loan, entries, today));
  return { daysPastDue: snap.daysPastDue, balance: snap.payoffCents as number, nextDue: snap.position.closed ? null : snap.position.nextDueDate };
}

/**
 * GET /api/backoffice/loans: the loan book, newest first, searched and filtered (status, repay method,
 * days past due), keyset-paged. Days past due and balances are derived from each loan's ledger on the
 * business date exactly as the loan's servicing page derives them. Reads: the business date, the page
 * of loans (one read; with a days-past-due filter, up to {@link MAX_SCANS} scans of {@link SCAN_SIZE}),
 * their ledgers (one read per scan), their borrowers (one read) and the total (one count, without a
 * days-past-due filter) — never one read per loan.
 */
export async function listLoans(ctx: AppContext, q: LoanListInput): Promise<TLoanListResponse> {
  const repo = ctx.repos.loanBook;
  const today = await businessDate(ctx);
  const search = parseLoanSearch(q.q);
  const range = q.dpd ? LOAN_DPD_RANGES[q.dpd] : null;
  const filter: LoanListFilter = {
    status: q.status,
    repayMethod: q.repay_method,
    search,
    pastDueAtLeast: range && range.min > 0 ? { minDays: range.min, date: today } : undefined,
  };
  const perPage = q.per_page;
  let total: number | null = null;

  const found: { row: LoanListRow; figures: ReturnType<typeof figuresOf> }[] = [];
  let before = q.cursor ? Number(q.cursor) : null;
  let nextCursor: string | null = null;
  if (!range) {
    const [rows, count] = await Promise.all([repo.loanList(filter, { before, limit: perPage + 1 }), repo.loanListCount(filter)]);
    total = count;
    const page = rows.slice(0, perPage);
    const ledgers = groupByLoan(await repo.ledgerOfLoans(page.map((r) => r.loan.id)));
    for (const row of page) found.push({ row, figures: figuresOf(row, ledgers.get(row.loan.id) ?? [], today) });
    nextCursor = rows.length > perPage ? String(page.at(-1)!.loan.id) : null;
  } else {
    scanning: for (let scan = 0; scan < MAX_SCANS; scan++) {
      const rows = await repo.loanList(filter, { before, limit: SCAN_SIZE });
      const ledgers = groupByLoan(await repo.ledgerOfLoans(rows.map((r) => r.loan.id)));
      for (const row of rows) {
        before = row.loan.id;
        const figures = figuresOf(row, ledgers.get(row.loan.id) ?? [], today);
        if (figures.daysPastDue < range.min || (range.max !== null && figures.daysPastDue > range.max)) continue;
        if (found.length === perPage) {
          // One more match: there is a next page, starting after the last loan of this one.
          nextCursor = String(found.at(-1)!.row.loan.id);
          break scanning;
        }
        found.push({ row, figures });
      }
      if (rows.length < SCAN_SIZE) break; // the end of the book
      // Scans exhausted with more loans to read: the next request goes on from the last loan read.
      if (scan === MAX_SCANS - 1) nextCursor = before === null ? null : String(before);
    }
  }

  const borrowers = new Map((await borrowerCards(ctx, [...new Set(found.map((f) => f.row.loan.userId))])).map((b) => [b.id, b]));
  const items: TLoanListItem[] = found.map(({ row: { loan, repayMethod }, figures }) => {
    const b = borrowers.get(loan.userId);
    return {
      id: loan.id,
      identifier: loan.identifier,
      status: loan.status,
      borrower: { user_id: loan.userId, name: displayName(b), email: b?.email ?? '', phone: b?.phone ?? null },
      repay_method: repayMethod,
      amount: loan.amountCents,
      balance: figures.balance,
      next_due_date: figures.nextDue,
      days_past_due: figures.daysPastDue,
      disbursement_date: loan.disbursementDate,
      created_at: loan.createdAt.toISOString(),
    };
  });
  return { items, next_cursor: nextCursor, total, business_date: today };
}

function groupByLoan(entries: readonly LedgerEntryRow[]): Map<number, LedgerEntryRow[]> {
  const byLoan = new Map<number, LedgerEntryRow[]>();
  for (const e of entries) {
    const list = byLoan.get(e.loanId);
    if (list) list.push(e);
    else byLoan.set(e.loanId, [e]);
  }
  return byLoan;
}
