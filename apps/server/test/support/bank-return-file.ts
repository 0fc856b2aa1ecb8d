import { buildNachaFile } from '../../src/adapters/ach/nacha';
import type { NachaEntry } from '../../src/adapters/ach/nacha';
import { CLEARBROOK } from '../banking-helpers';

/** One entry the bank returns: the trace number of our entry, the return reason code (R01…), the amount. */
export type BankReturn = { trace: string; code: string; amountCents: number; individualId?: string };

/**
 * The bank's return file (one PPD batch, one entry with its addenda 99 per return), as the back office
 * uploads it to POST /api/backoffice/ach/returns.
 *  - `of: 'debits'`: returns of our loan debits (code 26) from the borrower's bank (RDFI 09100001);
 *  - `of: 'credits'`: returns of our credits (code 21: disbursements, referral payouts) from Clearbrook.
 * `individualId` is each entry's (a return's own `individualId` wins), `on` the file's date (ISO day).
 */
export function bankReturnFile(
  returns: readonly BankReturn[],
  opts: { of: 'debits' | 'credits'; on: string; individualId?: string; account?: string; entryDescription?: string; individualName?: string },
): string {
  const debits = opts.of === 'debits';
  const origin = debits ? '091000019' : CLEARBROOK.routing;
  const rdfi = debits ? '09100001' : CLEARBROOK.routing.slice(0, 8);
  return buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: origin,
    originName: 'RDFI',
    odfiRouting: origin,
    createdAt: new Date(`${opts.on}T09:00:00Z`),
    batches: [
      {
        secCode: 'PPD',
        companyName: 'Payrail',
        companyId: '1234567890',
        entryDescription: opts.entryDescription ?? (debits ? 'LOAN PYMT' : 'LOAN'),
        effectiveDate: opts.on,
        entries: returns.map((r, i): NachaEntry => ({
          transactionCode: debits ? '26' : '21',
          routing: debits ? '034821624' : CLEARBROOK.routing,
          account: opts.account ?? '000123456789',
          amountCents: r.amountCents,
          individualId: r.individualId ?? opts.individualId ?? 'RETURN',
          individualName: opts.individualName ?? 'Borrower',
          traceNumber: `${rdfi}${String(i + 1).padStart(7, '0')}`,
          returnAddenda: { code: r.code, originalTrace: r.trace, originalRdfi: rdfi },
        })),
      },
    ],
  });
}
