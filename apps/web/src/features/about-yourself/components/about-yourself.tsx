import { useEffect, useRef, useState } from 'react';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useLoanPurposes } from '../../../api/get-loan-purposes';
import { useStates } from '../../../api/get-states';
import { useEducationProgram } from '../api/get-education-program';
import { useFieldValues } from '../api/use-field-values';
import { useReferences } from '../api/use-references';
import { AboutYourselfForm } from './about-yourself-form';
import type { AboutYourselfFormProps } from './about-yourself-form';
import { EducationDialog } from './education-dialog';
import styles from './about-yourself.module.css';

export type AboutYourselfProps = Pick<AboutYourselfFormProps, 'email' | 'onContinue' | 'continuePending' | 'onBack' | 'backPending' | 'onLeadSubscribed'>;

/** /application/about_yourself: loads the answers on file, then shows the auto-saving form and the education modal. */
export function AboutYourself(props: AboutYourselfProps) {
  const fields = useFieldValues();
  const references = useReferences();
  const states = useStates();
  const purposes = useLoanPurposes();
  const education = useEducationProgram();
  const [educationClosed, setEducationClosed] = useState(false);
  const section = useRef<HTMLElement>(null);
  const educationShown = useRef(false);
  if (education.data?.show_modal) educationShown.current = true;

  // The education modal opens on its own (no button to return to): once it closes, focus goes to the
  // form's first field instead of being dropped on the page body.
  useEffect(() => {
    if (!educationClosed || !educationShown.current) return;
    section.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  }, [educationClosed]);

  const failed = fields.isError || references.isError || states.isError || purposes.isError;
  const loaded = fields.data && references.data && states.data && purposes.data;

  return (
    <Container width="wide" className={styles.page}>
      <section ref={section} className={styles.card} aria-labelledby="about-yourself-title">
        <h1 id="about-yourself-title">About Yourself</h1>
        <p className={styles.muted}>Tell us about yourself. Each answer is saved as you go.</p>
        {failed ? (
          <Alert kind="error">We could not load your application. Reload the page to try again.</Alert>
        ) : loaded ? (
          <AboutYourselfForm
            {...props}
            initialValues={fields.data}
            initialReferences={references.data.references}
            states={states.data}
            loanPurposes={purposes.data}
          />
        ) : (
          <LoadingBlock label="Loading your answers…" />
        )}
      </section>
      <EducationDialog
        open={Boolean(education.data?.show_modal) && !educationClosed && Boolean(loaded)}
        onClose={() => setEducationClosed(true)}
        onAgreed={() => setEducationClosed(true)}
      />
    </Container>
  );
}
