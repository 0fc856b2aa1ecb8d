import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useEmployerEntrypoint } from '../../../api/get-employer-entrypoint';
import { useMilitaryActive } from '../api/get-military-active';
import { EmployerForm } from './employer-form';
import type { EmployerFormProps } from './employer-form';
import styles from './employer.module.css';

export type EmployerStepProps = Omit<EmployerFormProps, 'initial' | 'initialMilitaryActive'>;

/** The employer and income page: loads the step's answers (GET /employer_entrypoint), then the form. */
export function EmployerStep(props: EmployerStepProps) {
  const entrypoint = useEmployerEntrypoint();
  const military = useMilitaryActive();
  const ready = entrypoint.data && (military.data !== undefined || military.isError);
  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="employer-title">
        <h1 id="employer-title">Employer and Income</h1>
        <p className={styles.lead}>Tell us where your income comes from. Loans are repaid from your paycheck, so we need to know your employer.</p>
        {entrypoint.isError ? <Alert kind="error">We could not load your employment answers. Please reload the page.</Alert> : null}
        {ready && entrypoint.data ? (
          <EmployerForm {...props} initial={entrypoint.data} initialMilitaryActive={military.data ?? null} />
        ) : entrypoint.isError ? null : (
          <LoadingBlock label="Loading your employment answers…" />
        )}
      </section>
    </Container>
  );
}
