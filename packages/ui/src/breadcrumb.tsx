import styles from './breadcrumb.module.css';

/** The new-flow application breadcrumb (spec §2), indexed from 0. */
export const NEW_FLOW_STEPS = ['Loan Information', 'Job Information', 'Personal Info', 'Loan Application', 'Loan Approval', 'Contract Signature'] as const;

export interface BreadcrumbProps {
  /** 0-based index of the route's step; absent or -1 hides the breadcrumb. */
  step?: number | null;
  steps?: readonly string[];
  label?: string;
  /**
   * The crumbs whose every step is done (0-based), as the server's state says. Given, a crumb before the
   * current one is "complete" only when listed (else "upcoming": the application passes some steps out of
   * the crumbs' order); absent, every crumb before the current one is complete.
   */
  completed?: ReadonlySet<number>;
}

function crumbState(index: number, step: number, completed: ReadonlySet<number> | undefined): 'complete' | 'current' | 'upcoming' {
  if (index === step) return 'current';
  if (completed) return completed.has(index) ? 'complete' : 'upcoming';
  return index < step ? 'complete' : 'upcoming';
}

export function Breadcrumb({ step, steps = NEW_FLOW_STEPS, label = 'Application steps', completed }: BreadcrumbProps) {
  if (step === undefined || step === null || step < 0) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ol className={styles.list}>
        {steps.map((name, index) => {
          const state = crumbState(index, step, completed);
          return (
            <li key={name} className={styles.item} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.index} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.name}>
                {name}
                {state === 'complete' ? <span className="visually-hidden"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.compact} aria-hidden="true">
        Step {Math.min(step, steps.length - 1) + 1} of {steps.length}: {steps[Math.min(step, steps.length - 1)]}
      </p>
    </nav>
  );
}
