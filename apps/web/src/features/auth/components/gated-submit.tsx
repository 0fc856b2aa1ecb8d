import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@payrail/ui/button';
import styles from './auth.module.css';

export interface GatedSubmitProps {
  /** The gate is open (every field filled, the terms accepted): the button can be pressed. */
  open: boolean;
  pending?: boolean;
  /** Said under the button while it is shut, and read with the button (aria-describedby). */
  hint: ReactNode;
  children: ReactNode;
}

/** A sign-up form's large submit button, disabled until its gate opens, with the hint that says what opens it. */
export function GatedSubmit({ open, pending, hint, children }: GatedSubmitProps) {
  const hintId = useId();
  return (
    <>
      <Button type="submit" size="lg" fullWidth disabled={!open} loading={pending} aria-describedby={open ? undefined : hintId}>
        {children}
      </Button>
      {open ? null : (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </>
  );
}
