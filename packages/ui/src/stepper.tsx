import styles from './stepper.module.css';

/** Old-flow stepper of a new loan (spec §2). */
export const NEW_LOAN_STEPS = ['About Yourself', 'Bank Information', 'Documents', 'Get Approved'] as const;
/** Old-flow stepper of a refinance. */
export const REFINANCE_STEPS = ['Terms and Conditions', 'Update Information', 'Get Approved'] as const;

export interface StepperProps {
  steps: readonly string[];
  /** 1-based current step; the stepper is hidden at 0 or below (spec: shown when above 0). */
  current: number;
  label?: string;
  /** The page within the current step (e.g. "Employment" in About Yourself), shown under its name. */
  page?: string;
}

export function Stepper({ steps, current, label = 'Application progress', page }: StepperProps) {
  if (current <= 0) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const position = index + 1;
          const state = position < current ? 'complete' : position === current ? 'current' : 'upcoming';
          return (
            <li key={step} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.marker} aria-hidden="true">
                {state === 'complete' ? '✓' : position}
              </span>
              <span className={styles.name}>
                {step}
                {state === 'complete' ? <span className="visually-hidden"> (completed)</span> : null}
                {state === 'current' && page && page !== step ? <span className={styles.page}>{page}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
