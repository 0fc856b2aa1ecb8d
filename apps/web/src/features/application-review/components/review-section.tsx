import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { ValidatedForm } from '@payrail/ui/validated-form';
import type { Validation } from '@payrail/ui/validated-form';
import { isApiError } from '@payrail/client/http-client';
import { validateAll } from '../lib/review-fields';
import type { EditableField } from '../lib/review-fields';
import styles from './review.module.css';

export interface ReadOnlyItem {
  label: string;
  value: ReactNode;
  hint?: string;
}

export interface ReviewSectionProps {
  id: string;
  title: string;
  /** Read-only facts shown before the editable fields (SSN, employer name). */
  readOnly?: readonly ReadOnlyItem[];
  fields?: readonly EditableField[];
  values?: Record<string, string>;
  /** Field errors from outside (the review's 422); they open the section in edit mode. */
  externalErrors?: Record<string, string>;
  /** Saves the changed fields; rejects with the server's error (422 field errors are shown). */
  onSave?: (changes: Record<string, string>) => Promise<void>;
  /** Reports whether the section is being edited (Confirm waits for Save or Cancel). */
  onEditingChange?: (editing: boolean) => void;
  editDisabled?: boolean;
  /** Custom content (the documents section) instead of fields. */
  children?: ReactNode;
  /** Custom editor shown in edit mode instead of the fields form; "Done" closes it. */
  editor?: ReactNode;
}

/** A collapsible review section with an Edit button, its fields and Save (spec §2 Application review). */
export function ReviewSection({
  id,
  title,
  readOnly = [],
  fields = [],
  values = {},
  externalErrors = {},
  onSave,
  onEditingChange,
  editDisabled,
  children,
  editor,
}: ReviewSectionProps) {
  const bodyId = `${id}-body`;
  const headingId = `${id}-heading`;
  const formId = useId();
  const [expanded, setExpanded] = useState(true);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstFieldRef = useRef<HTMLDivElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const externalCount = Object.keys(externalErrors).length;

  const setEditingState = (next: boolean) => {
    setEditing(next);
    onEditingChange?.(next);
  };

  // A review refusal naming this section's fields opens it for editing with the server's text.
  useEffect(() => {
    if (externalCount === 0) return;
    setExpanded(true);
    setErrors(externalErrors);
    setEditingState(true);
    // Only when the refusal changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [externalErrors]);

  useEffect(() => {
    if (editing) firstFieldRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, [editing]);

  const startEdit = () => {
    setErrors({});
    setFormError(null);
    setExpanded(true);
    setEditingState(true);
  };

  const stopEdit = () => {
    setErrors({});
    setFormError(null);
    setEditingState(false);
    // The form under the focus goes away: back to the Edit button.
    window.setTimeout(() => editButtonRef.current?.focus(), 0);
  };

  /** The section's own checks (`EditableField.validate`), every field at once, on Save. */
  const validate = (draft: Record<string, string>): Validation<Record<string, string>> => {
    const found = validateAll(fields, draft);
    return Object.keys(found).length > 0 ? { errors: found } : { values: draft };
  };

  const save = async (draft: Record<string, string>) => {
    const changes = Object.fromEntries(
      fields.filter((field) => (draft[field.name] ?? '') !== (values[field.name] ?? '')).map((field) => [field.name, (draft[field.name] ?? '').trim()]),
    );
    if (Object.keys(changes).length === 0 && Object.keys(externalErrors).length === 0) {
      stopEdit();
      return;
    }
    if (!onSave) return;
    setSaving(true);
    try {
      await onSave(changes);
      stopEdit();
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, messages]) => [name, messages[0] ?? '']));
        const known = Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => fields.some((field) => field.name === name)));
        setErrors(known);
        const other = Object.entries(fieldErrors).filter(([name]) => !(name in known));
        if (Object.keys(known).length === 0) setFormError(other[0]?.[1] ?? error.serverMessage ?? 'We could not save your changes. Please try again.');
      } else {
        setFormError('We could not save your changes. Please try again.');
      }
    } finally {
      setSaving(false);
    }
  };

  const hasEditor = fields.length > 0 || editor !== undefined;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((open) => !open)}>
            <span aria-hidden="true" className={styles.chevron} data-open={expanded || undefined}>
              ▸
            </span>
            {title}
          </button>
        </h2>
        {hasEditor && !editing ? (
          <Button ref={editButtonRef} variant="secondary" size="sm" disabled={editDisabled} onClick={startEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        ) : null}
      </div>
      <div id={bodyId} hidden={!expanded} className={styles.sectionBody}>
        {readOnly.length > 0 || (!editing && fields.length > 0) ? (
          <dl className={styles.values}>
            {readOnly.map((item) => (
              <div key={item.label} className={styles.value}>
                <dt>{item.label}</dt>
                <dd>
                  {item.value}
                  {item.hint ? <span className={styles.valueHint}> {item.hint}</span> : null}
                </dd>
              </div>
            ))}
            {!editing
              ? fields.map((field) => {
                  const raw = values[field.name] ?? '';
                  const shown = raw === '' ? '' : (field.display?.(raw) ?? raw);
                  return (
                    <div key={field.name} className={styles.value}>
                      <dt>{field.label}</dt>
                      <dd>
                        {shown === '' ? (
                          field.optional ? (
                            <span className="visually-hidden">Not given</span>
                          ) : (
                            <span className={styles.missing}>Missing</span>
                          )
                        ) : (
                          shown
                        )}
                        {externalErrors[field.name] ? <span className={styles.missing}> ({externalErrors[field.name]})</span> : null}
                      </dd>
                    </div>
                  );
                })
              : null}
          </dl>
        ) : null}
        {!editing ? children : null}
        {editing && editor !== undefined ? (
          <div ref={firstFieldRef}>
            {editor}
            <div className={styles.formActions}>
              <Button variant="secondary" onClick={stopEdit}>
                Done
              </Button>
            </div>
          </div>
        ) : null}
        {editing && editor === undefined ? (
          <ValidatedForm
            id={formId}
            className={styles.form}
            aria-label={`Edit ${title}`}
            validate={validate}
            options={{ mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: values }}
            onSubmitCapture={() => {
              // A new attempt: the last answer's messages give way to this one's.
              setErrors({});
              setFormError(null);
            }}
            onSubmit={save}
          >
            {({ register, control, formState: { errors: checks } }) => (
              <>
                <div ref={firstFieldRef} className={styles.grid}>
                  {fields.map((field) => {
                    const error = checks[field.name]?.message ?? errors[field.name];
                    return field.kind === 'select' ? (
                      <Controller
                        key={field.name}
                        control={control}
                        name={field.name}
                        render={({ field: input }) => (
                          <Select
                            label={field.label}
                            name={field.name}
                            optional={field.optional}
                            placeholder="Choose one"
                            options={field.options ?? []}
                            error={error}
                            ref={input.ref}
                            value={(input.value as string | undefined) ?? ''}
                            onChange={input.onChange}
                            onBlur={input.onBlur}
                          />
                        )}
                      />
                    ) : field.mask ? (
                      <Controller
                        key={field.name}
                        control={control}
                        name={field.name}
                        render={({ field: input }) => (
                          <MaskedTextField
                            label={field.label}
                            name={field.name}
                            optional={field.optional}
                            mask={field.mask ?? ''}
                            autoComplete={field.autoComplete}
                            inputMode={field.inputMode}
                            value={(input.value as string | undefined) ?? ''}
                            error={error}
                            onValueChange={(masked: string) => input.onChange(masked)}
                          />
                        )}
                      />
                    ) : (
                      <TextField
                        key={field.name}
                        label={field.label}
                        optional={field.optional}
                        maxLength={field.maxLength}
                        autoComplete={field.autoComplete}
                        inputMode={field.inputMode}
                        error={error}
                        {...register(field.name)}
                      />
                    );
                  })}
                </div>
                <ErrorAlert message={formError} />
                <div className={styles.formActions}>
                  <Button type="submit" loading={saving}>
                    Save
                  </Button>
                  <Button variant="ghost" onClick={stopEdit} disabled={saving}>
                    Cancel
                  </Button>
                </div>
              </>
            )}
          </ValidatedForm>
        ) : null}
      </div>
    </section>
  );
}
