import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import type { AllotmentWording, PayrollPortal } from '../lib/wording';
import styles from './allotment.module.css';

export interface QuickGuideDialogProps {
  open: boolean;
  onClose: () => void;
  wording: AllotmentWording;
  portals: readonly PayrollPortal[];
}

/** The four-step quick guide (spec §2 Allotment, §9 "Quick guide 4 steps"); step 2 links to payroll portals. */
export function QuickGuideDialog({ open, onClose, wording, portals }: QuickGuideDialogProps) {
  const [step, setStep] = useState(0);
  const steps: { title: string; body: ReactNode }[] = [
    {
      title: 'Read your instructions',
      body: <p>We e-mailed you the {wording.noun} instructions; they are also on this page. Keep them at hand: they have the account and the amount to use.</p>,
    },
    {
      title: 'Sign in to your payroll portal',
      body: (
        <>
          <p>Open the site where you see your paychecks and sign in:</p>
          <ul className={styles.portals}>
            {portals.map((portal) => (
              <li key={portal.url}>
                <a href={portal.url} target="_blank" rel="noreferrer noopener">
                  {portal.name}
                  <span className="visually-hidden"> (opens in a new window)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      title: `Set up the ${wording.noun}`,
      body: <p>Add a new {wording.noun} with the routing number, account number and amount from your instructions, then save it.</p>,
    },
    {
      title: 'Upload the confirmation',
      body: <p>Save the confirmation page as a PDF or take a screenshot, upload it on this page and choose Continue.</p>,
    },
  ];
  const current = steps[step] ?? steps[0]!;
  const last = step === steps.length - 1;
  const close = () => {
    setStep(0);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Quick guide: ${wording.title}`}
      footer={
        <>
          {step > 0 ? (
            <Button variant="secondary" onClick={() => setStep((n) => n - 1)}>
              Previous
            </Button>
          ) : null}
          {last ? <Button onClick={close}>Done</Button> : <Button onClick={() => setStep((n) => n + 1)}>Next</Button>}
        </>
      }
    >
      <p className={styles.stepCount} aria-live="polite">
        Step {step + 1} of {steps.length}
      </p>
      <h3 className={styles.stepTitle}>{current.title}</h3>
      {current.body}
    </Dialog>
  );
}
