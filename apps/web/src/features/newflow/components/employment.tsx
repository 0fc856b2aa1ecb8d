import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZVerifyEmployerData } from '@payrail/contract/newflow';
import type { TEmployer } from '@payrail/contract/reference';
import type { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { useSubmitStep } from '../api/steps';
import { toUpload } from '../lib/upload-rules';
import { FilePick } from './file-pick';
import { OtherWay } from './other-way';
import { PayrollWidget } from './payroll-widget';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type EmployerData = z.infer<typeof ZVerifyEmployerData>;

function EmployerBadge({ employer }: { employer: TEmployer | null }) {
  if (!employer) return null;
  return (
    <div className={styles.employer}>
      <img src={employer.logo_link} alt="" />
      <strong>{employer.name}</strong>
    </div>
  );
}

/**
 * employment (verify_employer, newflow §2, §4): link the payroll account through the payroll widget
 * (success moves on), or take the manual route (a pay stub), sent as verify_employer with skip true.
 */
function EmploymentView({ data }: { data: EmployerData }) {
  const { submit, pending } = useSubmitStep();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const employerName = data.employer?.name ?? 'your employer';

  const connected = async (accountId: string) => {
    setOpen(false);
    const outcome = await submit({ workflow_status_key: 'verify_employer', account_id: accountId });
    if (outcome.kind === 'invalid') setProblem(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? 'We could not confirm your payroll account.');
  };

  return (
    <StepCard
      title="Employment"
      lead="Confirm where you work by linking your payroll account. It takes a minute and lets you repay straight from your paycheck."
    >
      <EmployerBadge employer={data.employer} />
      {problem ? (
        <Alert kind="warning" assertive>
          {problem} You can upload a pay stub instead.
        </Alert>
      ) : null}
      {data.payroll_link ? (
        <div className={styles.actions}>
          <Button size="lg" fullWidth loading={pending} onClick={() => setOpen(true)}>
            Link my payroll account
          </Button>
        </div>
      ) : (
        <Alert kind="info">Your employer&apos;s payroll cannot be linked online. Upload a recent pay stub instead.</Alert>
      )}
      <OtherWay
        question="Prefer not to link it?"
        label="Upload a pay stub instead"
        disabled={pending}
        onClick={() => void submit({ workflow_status_key: 'verify_employer', skip: true })}
      />
      {open && data.payroll_link ? (
        <PayrollWidget
          session={data.payroll_link}
          employerName={employerName}
          mode={{ kind: 'connect' }}
          onConnected={(accountId) => void connected(accountId)}
          onClosed={() => {
            setOpen(false);
            setProblem('Your payroll account was not linked.');
          }}
          onLoadError={() => {
            setOpen(false);
            setProblem('The payroll widget could not be loaded.');
          }}
        />
      ) : null}
    </StepCard>
  );
}

export function Employment() {
  return (
    <StepScreen step="verify_employer" schema={ZVerifyEmployerData} title="Employment">
      {(data) => <EmploymentView data={data} />}
    </StepScreen>
  );
}

export interface EmploymentManualProps {
  /** The pay-stub help (generic text, or the postal-service instructions), composed in app/ from the documents feature. */
  renderHelp: (employer: TEmployer | null) => ReactNode;
}

/** employment/manual (verify_employer_manual): the pay stub, required (newflow §5). */
function EmploymentManualView({ data, renderHelp }: { data: EmployerData } & EmploymentManualProps) {
  const { submit, pending } = useSubmitStep();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    if (!file) return;
    setError(undefined);
    const outcome = await submit({ workflow_status_key: 'verify_employer_manual', pay_stub: await toUpload(file, 'pay_stub') });
    if (outcome.kind === 'invalid')
      setError(outcome.fieldErrors.pay_stub ?? outcome.fieldErrors.file ?? outcome.message ?? Object.values(outcome.fieldErrors)[0]);
  };
  return (
    <StepCard title="Employment" lead="Upload your most recent pay stub. It must show your name, your employer and the pay date.">
      <EmployerBadge employer={data.employer} />
      <div className={styles.muted}>{renderHelp(data.employer)}</div>
      <FilePick label="Pay stub" file={file} onChange={setFile} error={error} disabled={pending} />
      <div className={styles.actions}>
        <Button size="lg" fullWidth disabled={!file} loading={pending} onClick={() => void send()}>
          Continue
        </Button>
      </div>
    </StepCard>
  );
}

export function EmploymentManual(props: EmploymentManualProps) {
  return (
    <StepScreen step="verify_employer_manual" schema={ZVerifyEmployerData} title="Employment">
      {(data) => <EmploymentManualView data={data} {...props} />}
    </StepScreen>
  );
}
