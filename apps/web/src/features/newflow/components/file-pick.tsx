import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FieldError, FieldHint } from '@payrail/ui/field';
import { Button } from '@payrail/ui/button';
import { NEWFLOW_ACCEPT, uploadRefusal } from '../lib/upload-rules';
import styles from './newflow.module.css';

export interface FilePickProps {
  label: string;
  hint?: ReactNode;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A server refusal for the last file sent. */
  error?: string;
  disabled?: boolean;
}

/**
 * One file for a step (pay stub, split-deposit screenshot, bank statement, each document): .png .jpg
 * .jpeg .pdf up to 2 MB (newflow §5). An invalid file is discarded with the §5 message.
 */
export function FilePick({ label, hint, file, onChange, error, disabled }: FilePickProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = refusal ?? error;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  return (
    <div className={styles.filePick}>
      <label htmlFor={id} className={styles.fileLabel}>
        {label}
      </label>
      <FieldHint id={hintId}>{hint ?? 'A .jpg, .png or .pdf file up to 2 MB.'}</FieldHint>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={NEWFLOW_ACCEPT.join(',')}
        className="visually-hidden"
        disabled={disabled}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!picked) return;
          const problem = uploadRefusal(picked);
          setRefusal(problem);
          onChange(problem ? null : picked);
        }}
      />
      <div className={styles.fileRow}>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={`${id}-name`}>
          {file ? 'Choose another file' : 'Choose a file'}
        </Button>
        <span id={`${id}-name`} className={styles.muted} aria-live="polite">
          {file ? file.name : 'No file chosen'}
        </span>
      </div>
      <FieldError id={errorId}>{shown}</FieldError>
    </div>
  );
}
