import { useEffect, useRef, useState } from 'react';
import { MANUAL_SPLIT_AMOUNT_CENTS, ZSplitDirectDepositData } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { formatCents } from '@payrail/client/format';
import { useSubmitStep } from '../api/steps';
import { toUpload } from '../lib/upload-rules';
import { FilePick } from './file-pick';
import { OtherWay } from './other-way';
import { PayrollWidget } from './payroll-widget';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type SplitData = z.infer<typeof ZSplitDirectDepositData>;

/**
 * split_direct_deposit, automatic (newflow §2, §4): the payroll widget sets up the pay distribution; on
 * close the server is asked whether the allocation is correct (ok → on; otherwise the manual page). Step
 * data with an error auto-submits (the server sends it to the manual page).
 */
function AutomaticSplit({ data }: { data: SplitData }) {
  const { submit, pending } = useSubmitStep();
  const [open, setOpen] = useState(false);
  const autoSent = useRef(false);
  const account = data.payrolls[0]?.account_id ?? null;

  useEffect(() => {
    if (!data.error || autoSent.current) return;
    autoSent.current = true;
    void submit({ workflow_status_key: 'split_direct_deposit' });
  }, [data.error, submit]);

  if (data.error) return <LoadingBlock label="Opening the manual set-up…" />;
  return (
    <StepCard
      title="Split direct deposit"
      lead={`Send ${formatCents(data.allocation_amount)} of each paycheck to your loan payment. Your payroll provider sets it up in a minute.`}
    >
      <div className={styles.actions}>
        <Button size="lg" fullWidth loading={pending} disabled={!data.payroll_link || !account} onClick={() => setOpen(true)}>
          Set up my split deposit
        </Button>
      </div>
      <OtherWay
        question="Rather do it yourself?"
        label="Set it up on my payroll site"
        disabled={pending}
        onClick={() => void submit({ workflow_status_key: 'split_direct_deposit', manual: true })}
      />
      {open && data.payroll_link && account ? (
        <PayrollWidget
          session={data.payroll_link}
          employerName={data.payrolls[0]?.employer ?? 'Your employer'}
          mode={{ kind: 'pay_distribution', accountId: account, amountCents: data.allocation_amount }}
          onClosed={() => {
            setOpen(false);
            // Whatever the widget says, the server checks the allocation with the provider.
            void submit({ workflow_status_key: 'split_direct_deposit' });
          }}
          onLoadError={() => {
            setOpen(false);
            void submit({ workflow_status_key: 'split_direct_deposit', manual: true });
          }}
        />
      ) : null}
    </StepCard>
  );
}

export function SplitDirectDeposit() {
  return (
    <StepScreen step="split_direct_deposit" schema={ZSplitDirectDepositData} title="Split direct deposit">
      {(data) => <AutomaticSplit data={data} />}
    </StepScreen>
  );
}

/** split_direct_deposit_manual (newflow §2): a savings split of the fixed $85.00 on the payroll site, proven by a screenshot (required). */
function ManualSplit({ data }: { data: SplitData }) {
  const { submit, pending } = useSubmitStep();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const amount = formatCents(MANUAL_SPLIT_AMOUNT_CENTS);
  const send = async () => {
    if (!file) return;
    setError(undefined);
    const outcome = await submit({ workflow_status_key: 'split_direct_deposit_manual', loan_borrower: { allotment: await toUpload(file, 'allotment') } });
    if (outcome.kind === 'invalid')
      setError(outcome.fieldErrors.allotment ?? outcome.fieldErrors.file ?? outcome.message ?? Object.values(outcome.fieldErrors)[0]);
  };
  return (
    <StepCard title="Split direct deposit" lead="Set up the split yourself on your payroll site, then send us a screenshot.">
      <ol className={styles.list}>
        <li>
          Log in to your payroll site
          {data.payroll_portal ? (
            <>
              {' '}
              (
              <a href={data.payroll_portal.url} target="_blank" rel="noreferrer">
                {data.payroll_portal.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              )
            </>
          ) : null}
          .
        </li>
        <li>
          Create a savings split with a fixed amount of <strong>{amount}</strong> per paycheck.
        </li>
        <li>Take a screenshot of the confirmation and upload it below.</li>
      </ol>
      <FilePick label="Screenshot of the split" file={file} onChange={setFile} error={error} disabled={pending} />
      {data.allotment_file ? <Alert kind="info">We already have {data.allotment_file.filename}. Upload a new one only if it changed.</Alert> : null}
      <div className={styles.actions}>
        <Button size="lg" fullWidth disabled={!file} loading={pending} onClick={() => void send()}>
          Continue
        </Button>
      </div>
    </StepCard>
  );
}

export function SplitDirectDepositManual() {
  return (
    <StepScreen step="split_direct_deposit_manual" schema={ZSplitDirectDepositData} title="Split direct deposit">
      {(data) => <ManualSplit data={data} />}
    </StepScreen>
  );
}
