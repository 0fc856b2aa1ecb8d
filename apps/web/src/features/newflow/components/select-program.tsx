import { useEffect, useRef, useState } from 'react';
import { ZSelectProgramData } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type ProgramData = z.infer<typeof ZSelectProgramData>;

function ProgramChoice({ data }: { data: ProgramData }) {
  const { submit, pending } = useSubmitStep();
  const [choice, setChoice] = useState<'split' | 'ach' | null>(null);
  const autoSent = useRef(false);
  const qualified = data.qualified_for_split_direct_deposit;

  // Not qualified for split direct deposit: the step submits itself (newflow §4).
  useEffect(() => {
    if (qualified || autoSent.current) return;
    autoSent.current = true;
    void submit({ workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: false });
  }, [qualified, submit]);

  if (!qualified) return <LoadingBlock label="Setting up auto-debit repayment…" />;
  return (
    <StepCard title="Choose how you repay" lead="Both programs take your payment automatically on payday.">
      <RadioCards
        legend="Repayment program"
        name="program"
        columns={1}
        options={[
          {
            value: 'split',
            label: 'Split direct deposit',
            description:
              data.discount_percentage > 0
                ? `Lower rates: ${data.discount_percentage.toFixed(2)}% lower interest rate. A small part of each paycheck goes to your loan payment.`
                : 'Lower rates. A small part of each paycheck goes to your loan payment.',
          },
          { value: 'ach', label: 'Auto-debit (ACH)', description: 'We debit your bank account on each due date.' },
        ]}
        value={choice}
        onChange={setChoice}
      />
      <div className={styles.actions}>
        <Button
          size="lg"
          fullWidth
          disabled={!choice}
          loading={pending}
          onClick={() => void submit({ workflow_status_key: 'select_program', hasSelectedSplitDirectDeposit: choice === 'split' })}
        >
          Continue
        </Button>
      </div>
    </StepCard>
  );
}

/** select_program (newflow §2, §4): split direct deposit (lower rates) or auto-debit; auto-submits auto-debit when not qualified. */
export function SelectProgram() {
  return (
    <StepScreen step="select_program" schema={ZSelectProgramData} title="Choose how you repay">
      {(data) => <ProgramChoice data={data} />}
    </StepScreen>
  );
}
