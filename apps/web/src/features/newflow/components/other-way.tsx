import styles from './newflow.module.css';

/**
 * Under a step's main action, the other way to do it (upload a pay stub, set the split up by hand): a question,
 * then a button that reads as a link and takes that way.
 */
export function OtherWay({ question, label, disabled, onClick }: { question: string; label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <div className={styles.links}>
      <p>
        {question}{' '}
        <button type="button" className={styles.linkButton} disabled={disabled} onClick={onClick}>
          {label}
        </button>
      </p>
    </div>
  );
}
