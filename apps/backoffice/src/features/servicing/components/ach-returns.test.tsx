import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { servicingDeskHandlers, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

const FILE_TEXT = '101 034821624 0910000192902120900A094101HARBOR POINT BANK      RDFI\r\n';

/** Opens the servicing desk and uploads a return file named `fileName`; the upload section. */
async function uploadReturnFile(fileName: string): Promise<HTMLElement> {
  const user = userEvent.setup();
  renderRoute('/servicing');
  const section = await screen.findByRole('region', { name: 'Apply an ACH return file' });
  await user.upload(within(section).getByLabelText('Return file from the bank (NACHA)'), new File([FILE_TEXT], fileName, { type: 'text/plain' }));
  await user.click(within(section).getByRole('button', { name: 'Apply returns' }));
  return section;
}

/** Each body row's text, in order. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('ACH return file (servicing desk)', () => {
  it('requires a file, shows a refused file, then lists applied, duplicate and unmatched returns', async () => {
    signInAs('servicer');
    const uploads: unknown[] = [];
    server.use(
      ...servicingDeskHandlers(),
      http.post(bo('/ach/returns'), async ({ request }) => {
        const body = (await request.json()) as { file: string; file_name: string };
        uploads.push(body);
        if (body.file_name === 'bad.ach')
          return HttpResponse.json({ error: 'NACHA return file, line 1: a record must be 94 characters (found 5)' }, { status: 422 });
        return HttpResponse.json({
          file_name: body.file_name,
          entries: 4,
          applied: [
            {
              line: 3,
              original_trace: '034821620000042',
              return_code: 'R01',
              return_reason: 'Insufficient funds',
              amount: 12_345,
              loan_id: 9,
              loan_identifier: '1060-98-3854',
              transaction_id: 42,
              returned_on: '2026-12-20',
            },
          ],
          unmatched: [
            {
              line: 7,
              original_trace: '034821629999999',
              return_code: 'R03',
              return_reason: 'No account / unable to locate account',
              amount: 1_000,
              reason: 'No ACH entry has this trace number.',
            },
          ],
          duplicates: [
            {
              line: 5,
              original_trace: '034821620000041',
              return_code: 'R10',
              return_reason: null,
              amount: 5_000,
              loan_id: 9,
              transaction_id: 41,
              returned_on: '2026-12-18',
            },
          ],
          corrections: [
            {
              line: 11,
              original_trace: '034821620000040',
              change_code: 'C01',
              change_reason: 'Incorrect account number',
              outcome: 'applied',
              loan_id: 9,
              transaction_id: 40,
              detail: 'Account corrected: future debits go to the account ending 4321.',
            },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Apply an ACH return file' });
    const input = within(section).getByLabelText('Return file from the bank (NACHA)');
    await user.click(within(section).getByRole('button', { name: 'Apply returns' }));
    expect(await within(section).findByText('Choose the NACHA return file.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File(['hello'], 'bad.ach', { type: 'text/plain' }));
    await user.click(within(section).getByRole('button', { name: 'Apply returns' }));
    expect(await within(section).findByText('NACHA return file, line 1: a record must be 94 characters (found 5)')).toBeInTheDocument();

    await user.upload(input, new File([FILE_TEXT], 'RET1212.ach', { type: 'text/plain' }));
    await user.click(within(section).getByRole('button', { name: 'Apply returns' }));
    expect(
      await screen.findByText('Return file read: 1 applied, 1 already applied, 1 unmatched. Notifications of change: 1 applied of 1.'),
    ).toBeInTheDocument();
    expect(uploads[1]).toEqual({ file: FILE_TEXT, file_name: 'RET1212.ach' });
    const table = within(section).getByRole('table', { name: 'Returns in RET1212.ach' });
    expect(rowTexts(table)).toEqual([
      expect.stringMatching(/^3034821620000042R01 Insufficient funds\$123\.45AppliedLoan 1060-98-3854, payment reversed on 12\/20\/2026$/),
      expect.stringMatching(/^5034821620000041R10\$50\.00Already appliedLoan #9, returned 12\/18\/2026$/),
      expect.stringMatching(/^7034821629999999R03 No account \/ unable to locate account\$10\.00UnmatchedNo ACH entry has this trace number\.$/),
    ]);
    const changes = within(section).getByRole('table', { name: 'Notifications of change in RET1212.ach' });
    expect(rowTexts(changes)).toEqual([
      '11034821620000040C01 Incorrect account numberAppliedLoan #9: Account corrected: future debits go to the account ending 4321.',
    ]);
    expect(within(section).queryByText('NACHA return file, line 1: a record must be 94 characters (found 5)')).not.toBeInTheDocument();
  });

  it('lists a returned disbursement credit as applied: the loan waits for a re-disbursement or a cancel', async () => {
    signInAs('servicer');
    server.use(
      ...servicingDeskHandlers(),
      http.post(bo('/ach/returns'), () =>
        HttpResponse.json({
          file_name: 'RET1220.ach',
          entries: 2,
          applied: [
            {
              line: 3,
              original_trace: '034821620000007',
              return_code: 'R03',
              return_reason: 'No account / unable to locate account',
              amount: 150_000,
              loan_id: 9,
              loan_identifier: '1060-98-3854',
              transaction_id: null,
              disbursement_id: 4,
              returned_on: '2026-12-20',
            },
          ],
          unmatched: [],
          duplicates: [
            {
              line: 5,
              original_trace: '034821620000008',
              return_code: 'R02',
              return_reason: 'Account closed',
              amount: 90_000,
              loan_id: 10,
              transaction_id: null,
              disbursement_id: 5,
              returned_on: '2026-12-18',
            },
          ],
          corrections: [],
        }),
      ),
    );
    const section = await uploadReturnFile('RET1220.ach');
    const table = await within(section).findByRole('table', { name: 'Returns in RET1220.ach' });
    expect(rowTexts(table)).toEqual([
      expect.stringMatching(/AppliedLoan 1060-98-3854: disbursement returned on 12\/20\/2026, the loan waits for a re-disbursement or a cancel$/),
      expect.stringMatching(/Already appliedLoan #10, disbursement returned 12\/18\/2026$/),
    ]);
  });

  it('lists a returned credit-balance refund as applied (the credit held on the loan) and as already applied', async () => {
    signInAs('servicer');
    server.use(
      ...servicingDeskHandlers(),
      http.post(bo('/ach/returns'), () =>
        HttpResponse.json({
          file_name: 'RET1221.ach',
          entries: 2,
          applied: [
            {
              line: 3,
              original_trace: '034821620000011',
              return_code: 'R03',
              return_reason: 'No account / unable to locate account',
              amount: 654,
              loan_id: 9,
              loan_identifier: '1060-98-3854',
              transaction_id: null,
              refund_entry_id: 41,
              returned_on: '2026-12-21',
            },
          ],
          unmatched: [],
          duplicates: [
            {
              line: 5,
              original_trace: '034821620000012',
              return_code: 'R02',
              return_reason: 'Account closed',
              amount: 1_200,
              loan_id: 10,
              transaction_id: null,
              refund_entry_id: 42,
              returned_on: '2026-12-18',
            },
          ],
          corrections: [],
        }),
      ),
    );
    const section = await uploadReturnFile('RET1221.ach');
    const table = await within(section).findByRole('table', { name: 'Returns in RET1221.ach' });
    expect(rowTexts(table)).toEqual([
      expect.stringMatching(
        /AppliedLoan 1060-98-3854: credit refund \(entry #41\) returned on 12\/21\/2026, the credit is held on the loan until another bank account is on file$/,
      ),
      expect.stringMatching(/Already appliedLoan #10, credit refund returned 12\/18\/2026$/),
    ]);
  });

  it('lists a returned referral payout credit as applied, and as already applied on a second upload', async () => {
    signInAs('servicer');
    server.use(
      ...servicingDeskHandlers(),
      http.post(bo('/ach/returns'), () =>
        HttpResponse.json({
          file_name: 'RET1221.ach',
          entries: 3,
          applied: [],
          unmatched: [
            {
              line: 7,
              original_trace: '034821620000031',
              return_code: 'R02',
              return_reason: 'Account closed',
              amount: 4_999,
              reason: 'The return is for 4999 cents; the ACH entry was 5000 cents.',
            },
          ],
          duplicates: [],
          referral_payouts: [
            {
              line: 3,
              original_trace: '034821620000021',
              return_code: 'R03',
              return_reason: 'No account / unable to locate account',
              amount: 5_000,
              outcome: 'applied',
              referral_payout_id: 12,
              user_id: 44,
              returned_at: '2026-12-21T15:00:00.000Z',
            },
            {
              line: 5,
              original_trace: '034821620000022',
              return_code: 'R16',
              return_reason: null,
              amount: 2_500,
              outcome: 'duplicate',
              referral_payout_id: 9,
              user_id: 45,
              returned_at: '2026-12-18T10:00:00.000Z',
            },
          ],
          corrections: [],
        }),
      ),
    );
    const section = await uploadReturnFile('RET1221.ach');
    expect(await screen.findByText('Return file read: 1 applied, 1 already applied, 1 unmatched.')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Returns in RET1221.ach' });
    expect(rowTexts(table)).toEqual([
      '3034821620000021R03 No account / unable to locate account$50.00AppliedReferral payout #12 (member #44) returned: the rewards are payable again, the member was told',
      '5034821620000022R16$25.00Already appliedReferral payout #9 (member #45), returned 12/18/2026',
      expect.stringMatching(/^7034821620000031R02 Account closed\$49\.99UnmatchedThe return is for 4999 cents/),
    ]);
  });
});
