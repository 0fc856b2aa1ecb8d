import { useState } from 'react';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { formatCents } from '@payrail/client/format';
import type { TQueueItem } from '@payrail/contract/backoffice';
import { PagedTable } from '../../components/paged-table';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useQueue } from '../../features/applications/api/queue';
import { formatDateTime } from '../../lib/labels';
import { FundButton } from '../../features/loans/components/funding-panel';
import { LoanDetails } from '../../features/loans/components/loan-details';
import { StaffPage } from '../../components/staff-page';
import { borrowerColumn } from '../../components/borrower-column';

function parseId(text: string): number | null {
  const n = Number(text.trim().replace(/^#/, ''));
  return Number.isInteger(n) && n > 0 ? n : null;
}

export const READY_PER_PAGE = 25;

const readyColumns: TableColumn<TQueueItem>[] = [
  borrowerColumn,
  { key: 'applicant', header: 'Applicant', cell: (row) => `#${row.user_id}` },
  { key: 'employer', header: 'Employer', cell: (row) => row.employer?.name ?? '—' },
  { key: 'state', header: 'State', cell: (row) => row.state ?? '—' },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => (row.amount_cents === null ? '—' : formatCents(row.amount_cents)) },
  { key: 'updated', header: 'Last update', cell: (row) => formatDateTime(row.updated_at) },
];

/** Approved applications the borrower has signed and nobody funded yet, oldest first: the servicer's to-do list. */
function ReadyToFund() {
  const [page, setPage] = useState(1);
  const ready = useQueue({ ready_to_fund: 'true', sort: 'updated_at', dir: 'asc', page, per_page: READY_PER_PAGE });
  return (
    <section className={styles.section} aria-labelledby="ready-title">
      <h2 id="ready-title">Ready to fund</h2>
      <p>Approved applications with a signed promissory note and no loan yet. Open one to fund it.</p>
      <PagedTable
        query={ready}
        loadingLabel="Loading applications ready to fund…"
        errorTitle="We could not load the applications ready to fund."
        errorDetail={<p>Reload the page to try again.</p>}
        caption="Applications ready to fund"
        captionHidden
        columns={readyColumns}
        getRowKey={(row) => row.user_id}
        emptyMessage="Nothing is waiting to be funded."
        pagesLabel="Ready to fund pages"
        onPage={setPage}
      />
    </section>
  );
}

const applicantSchema = z.object({
  applicant: z
    .string()
    .transform((text) => parseId(text))
    .refine((id): id is number => id !== null, 'Enter the applicant number, for example 42.'),
});

/** Fund an approved, signed application by its applicant number, then see the loan. */
function FundByApplicant() {
  const [userId, setUserId] = useState<number | null>(null);
  const [loanId, setLoanId] = useState<number | null>(null);

  return (
    <section className={styles.section} aria-labelledby="fund-title">
      <h2 id="fund-title">Fund an approved application</h2>
      <Form
        schema={applicantSchema}
        options={{ mode: 'onSubmit', defaultValues: { applicant: '' } }}
        onSubmit={({ applicant }) => {
          setUserId(applicant);
          setLoanId(null);
        }}
        onInvalidSubmit={() => {
          setUserId(null);
          setLoanId(null);
        }}
        className={styles.stack}
      >
        {({ register, formState: { errors } }) => (
          <>
            <TextField
              label="Applicant number"
              inputMode="numeric"
              error={errors.applicant?.message}
              hint="Shown as “Applicant #…” on the application."
              {...register('applicant')}
            />
            <div>
              <Button type="submit" variant="secondary">
                Continue
              </Button>
            </div>
          </>
        )}
      </Form>
      {userId !== null ? (
        <div className={styles.stack} style={{ marginTop: 'var(--space-4)' }}>
          {loanId !== null ? <LoanDetails loanId={loanId} /> : <FundButton key={userId} userId={userId} onFunded={(answer) => setLoanId(answer.loan.id)} />}
        </div>
      ) : null}
    </section>
  );
}

const findLoanSchema = z.object({ q: z.string().trim().min(1, 'Enter a loan number, for example 1152-60-6252, or a name, e-mail or phone.') });

/** Find a loan by its number (with or without dashes), #id, or the borrower's name, e-mail or phone: the Loans page's search. */
function FindLoan() {
  const navigate = useNavigate();
  return (
    <section className={styles.section} aria-labelledby="loan-title">
      <h2 id="loan-title">Find a loan</h2>
      <Form
        schema={findLoanSchema}
        options={{ mode: 'onSubmit', defaultValues: { q: '' } }}
        onSubmit={(search) => void navigate(`/loans?${new URLSearchParams(search).toString()}`)}
        className={styles.stack}
      >
        {({ register, formState: { errors } }) => (
          <>
            <TextField
              label="Loan number or borrower"
              type="search"
              error={errors.q?.message}
              hint="Loan number (with or without dashes), #id, name, e-mail or phone."
              {...register('q')}
            />
            <div>
              <Button type="submit" variant="secondary">
                Find loan
              </Button>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}

export function Component() {
  return (
    <StaffPage title="Funding" capability="fund" lead="Fund approved applications the borrower has signed, and find loans.">
      <ReadyToFund />
      <FundByApplicant />
      <FindLoan />
    </StaffPage>
  );
}
