import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { useAuthPaths } from '../lib/auth-paths';
import { CaptchaBadge } from './captcha-badge';
import styles from './auth.module.css';

/**
 * The pieces both sign-up pages (the classic /signup and the new flow's Check Your Rate) build their
 * steps from: the answered step's summary with its Change button, the focus move between steps, and
 * the sign-in footer.
 */

/** An answered step: what was chosen, and Change to answer it again. `stepStart` marks where the next step's focus lands. */
export function ChosenAnswer({
  children,
  what,
  onChange,
  stepStart = false,
}: {
  children: ReactNode;
  what: string;
  onChange: () => void;
  stepStart?: boolean;
}) {
  return (
    <div className={styles.summary} {...(stepStart ? { 'data-step-start': '', tabIndex: -1 } : {})}>
      <p>{children}</p>
      <button type="button" className={styles.linkButton} onClick={onChange}>
        Change<span className="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}

/**
 * Moving between steps replaces the content under the focus. Each step names where its focus starts
 * (`start`, a selector inside the returned container); when the step changes (never on the first
 * render) the focus goes there.
 */
export function useStepStartFocus(start: string): RefObject<HTMLDivElement | null> {
  const stepRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>(start)?.focus();
  }, [start]);
  return stepRef;
}

/** "Already have an account? Sign in" under a sign-up card, with the captcha badge. */
export function SignInFooter({ question }: { question: string }) {
  const paths = useAuthPaths();
  return (
    <>
      <div className={styles.links}>
        <p>
          {question} <Link to={paths.signin}>Sign in</Link>
        </p>
      </div>
      <CaptchaBadge />
    </>
  );
}
