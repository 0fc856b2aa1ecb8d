import type { TEmployer } from '@payrail/contract/reference';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import styles from './documents.module.css';

/** The Postal Service's steps to a pay stub (earnings statement) in LiteBlue / PostalEASE. */
export const POSTAL_PAY_STUB_STEPS = [
  'Sign in to LiteBlue (liteblue.usps.gov) with your employee ID and password.',
  'Open "My HR", then "PostalEASE", and choose "Employee Earnings Statement".',
  'Pick your most recent pay period and open the statement.',
  'Save it as a PDF, or take a clear picture of the whole page, and upload it here.',
] as const;

export const POSTAL_HELP_BUTTON = 'How to get your pay stub from the Postal Service';
const GENERIC_HELP = 'Your most recent pay stub, showing your name, your employer and the pay period.';

export interface PayStubHelpProps {
  employer: TEmployer | null;
  /** Postal employers: opens the instruction dialog (rendered by the step, outside the hint's paragraph). */
  onOpenPostal: () => void;
}

/**
 * Pay stub help by employer (spec §2 Documents): the postal-service instructions for postal employers;
 * the employer's help text and its video link otherwise. Phrasing content only: it sits in a hint.
 */
export function PayStubHelp({ employer, onOpenPostal }: PayStubHelpProps) {
  const text = employer?.pay_stub_help || GENERIC_HELP;
  if (employer?.employer_type === 'postal') {
    return (
      <>
        {text}{' '}
        <Button variant="ghost" size="sm" onClick={onOpenPostal}>
          {POSTAL_HELP_BUTTON}
        </Button>
      </>
    );
  }
  return (
    <>
      {text}
      {employer?.video_url ? (
        <>
          {' '}
          <a href={employer.video_url} target="_blank" rel="noreferrer noopener">
            Watch how to get your pay stub<span className="visually-hidden"> (video, opens in a new window)</span>
          </a>
        </>
      ) : null}
    </>
  );
}

export function PostalPayStubDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Your Postal Service pay stub" footer={<Button onClick={onClose}>Got it</Button>}>
      <ol className={styles.steps}>
        {POSTAL_PAY_STUB_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Dialog>
  );
}
