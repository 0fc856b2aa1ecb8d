import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './step-actions.module.css';

export interface StepActionsProps {
  /** The submit button's text. */
  submitLabel?: ReactNode;
  /** The step's call is running: the submit shows a spinner and ignores clicks. */
  pending?: boolean;
  /** Why the step cannot go on yet ("Accept the loan terms to continue."), under the submit and describing it. */
  hint?: ReactNode;
  /** Shows the Back button under the submit. */
  onBack?: () => void;
  backLabel?: ReactNode;
  /** The Back call is running. */
  backPending?: boolean;
  /** The submit stays disabled (the step is not complete). */
  disabled?: boolean;
  /** The submit button's id, when a page or a journey points at it. */
  submitId?: string;
  /** Other buttons or links after the submit (e.g. "Link my bank instead"). */
  children?: ReactNode;
  /** A step that is no form (uploads, the review): the main button is a plain button that runs this. */
  onSubmit?: () => void;
  /** What stands above the main button (the consent it needs). */
  before?: ReactNode;
  /** More room above the footer (a doubled class, `.x.x`, since the footer sets its own margin). */
  className?: string;
}

/**
 * The footer of an application step: the full-width submit ("Continue"), the reason it is disabled, then
 * Back. Every step says the same thing in the same place; a step that is no form gives `onSubmit`.
 */
export function StepActions({
  submitLabel = 'Continue',
  pending = false,
  hint,
  onBack,
  backLabel = 'Back',
  backPending = false,
  disabled = false,
  submitId,
  children,
  onSubmit,
  before,
  className,
}: StepActionsProps) {
  const hintId = `${useId()}-step-hint`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  return (
    <div className={className ? `${styles.actions} ${className}` : styles.actions}>
      {before}
      <Button
        id={submitId}
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        size="lg"
        fullWidth
        disabled={disabled}
        loading={pending}
        aria-describedby={hasHint ? hintId : undefined}
      >
        {submitLabel}
      </Button>
      {hasHint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {onBack ? (
        <Button variant="ghost" fullWidth loading={backPending} onClick={onBack}>
          {backLabel}
        </Button>
      ) : null}
    </div>
  );
}
