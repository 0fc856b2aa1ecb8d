import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@web-ui/button';
import { TextField } from '@web-ui/text-field';
import { RequireRole } from '../../components/require-role';
import styles from '../../components/page.module.css';
import { FundButton } from '../../features/loans/components/funding-panel';
import { LoanDetails } from '../../features/loans/components/loan-details';
import { usePageTitle } from '../title';

function parseId(text: string): number | null {
  const n = Number(text.trim().replace(/^#/, ''));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Fund an approved, signed application by its applicant number, then see the loan. */
function FundByApplicant() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [userId, setUserId] = useState<number | null>(null);
  const [loanId, setLoanId] = useState<number | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = parseId(text);
    setError(id ? undefined : 'Enter the applicant number, for example 42.');
    setUserId(id);
    setLoanId(null);
  };

  return (
    <section className={styles.section} aria-labelledby="fund-title">
      <h2 id="fund-title">Fund an approved application</h2>
      <form onSubmit={submit} noValidate className={styles.stack}>
        <TextField label="Applicant number" inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} error={error} hint="Shown as “Applicant #…” on the application." />
        <div>
          <Button type="submit" variant="secondary">
            Continue
          </Button>
        </div>
      </form>
      {userId !== null ? (
        <div className={styles.stack} style={{ marginTop: 'var(--space-4)' }}>
          {loanId !== null ? <LoanDetails loanId={loanId} /> : <FundButton key={userId} userId={userId} onFunded={(answer) => setLoanId(answer.loan.id)} />}
        </div>
      ) : null}
    </section>
  );
}

function OpenLoan() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = parseId(text);
    if (!id) return setError('Enter the loan id, for example 900.');
    void navigate(`/loans/${id}`);
  };
  return (
    <section className={styles.section} aria-labelledby="loan-title">
      <h2 id="loan-title">Open a loan</h2>
      <form onSubmit={submit} noValidate className={styles.stack}>
        <TextField label="Loan id" inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} error={error} />
        <div>
          <Button type="submit" variant="secondary">
            Open loan
          </Button>
        </div>
      </form>
    </section>
  );
}

export function Component() {
  usePageTitle('Funding');
  return (
    <RequireRole capability="fund">
      <div className={styles.header}>
        <div>
          <h1>Funding</h1>
          <p className={styles.lead}>Fund approved applications the borrower has signed, and look up loans.</p>
        </div>
      </div>
      <FundByApplicant />
      <OpenLoan />
    </RequireRole>
  );
}
