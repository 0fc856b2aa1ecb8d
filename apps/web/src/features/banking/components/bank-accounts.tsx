import { useState } from 'react';
import { BANK_MSG } from '@payrail/contract/banking';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { isApiError } from '@payrail/client/http-client';
import { useBankInformation } from '../../../api/get-bank-information';
import { confirmBank, isHandledGlobally } from '../api/bank-information';
import { workflowRefusal } from '@payrail/client/workflow-refusal';
import { BankAccountFacts } from '../../../components/bank/bank-account-facts';
import styles from './banking.module.css';

export interface BankAccountsProps {
  /** Where "Edit" goes (the manual form, /bank_information). */
  editTo: string;
  onConfirmed: (newStatus: string) => void;
  onRefused: (currentStatus: string) => void;
}

/**
 * Bank accounts (spec §2): the account the loan goes to — type, routing number, masked account number
 * and bank — with an edit link and Confirm (POST /bank_informations/confirm, which needs it verified).
 */
export function BankAccounts({ editTo, onConfirmed, onRefused }: BankAccountsProps) {
  const account = useBankInformation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      const answer = await confirmBank();
      onConfirmed(answer.new_status);
    } catch (failure) {
      setPending(false);
      if (isHandledGlobally(failure)) return;
      const refused = workflowRefusal(failure);
      // Not verified yet keeps the borrower here with the reason; any other status moves them on.
      if (refused && refused.error !== BANK_MSG.accountNotVerified && refused.error !== BANK_MSG.noBankAccount) {
        onRefused(refused.current_status);
        return;
      }
      setError((isApiError(failure) && failure.serverMessage) || BANK_MSG.linkFailed);
    }
  };

  if (account.isPending) return <LoadingBlock label="Loading your bank account…" />;
  const data = account.data ?? null;

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="bank-accounts-title">
        <h1 id="bank-accounts-title">Bank Accounts</h1>
        <p className={styles.lead}>This is the account where you will receive your loan. Check it, then confirm.</p>
        {account.isError ? (
          <Alert kind="error">We could not load your bank account. Please refresh the page and try again.</Alert>
        ) : data === null ? (
          <Alert kind="warning">{BANK_MSG.noBankAccount}</Alert>
        ) : (
          <div className={styles.account}>
            <div className={styles.accountHead}>
              {data.logo ? <img src={data.logo} alt="" width={40} height={40} className={styles.logo} /> : null}
              <div>
                <h2 className={styles.accountTitle}>{data.bank_name ?? 'Your bank'}</h2>
                <p className={styles.muted}>
                  {data.source === 'linked' ? 'Linked through your bank' : 'Entered by you'}
                  {data.verified_at ? ' · Verified' : ' · Not verified yet'}
                </p>
              </div>
            </div>
            <BankAccountFacts account={data} className={styles.details} />
          </div>
        )}
        {error ? (
          <p role="alert" className={styles.serverError}>
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button size="lg" fullWidth loading={pending} disabled={data === null} onClick={() => void confirm()}>
            Confirm
          </Button>
          <Button variant="secondary" fullWidth to={editTo} aria-label="Edit bank information">
            Edit
          </Button>
        </div>
      </section>
    </Container>
  );
}
