import { z } from 'zod';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form, FormError } from '@payrail/ui/form';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { TextField } from '@payrail/ui/text-field';
import type { ReviewAction } from '../api/review-action';
import { errorMessage } from '@payrail/ui/error-message';
import styles from './action-panel.module.css';

export type DecisionKind = 'decline' | 'deny';

const COPY: Record<DecisionKind, { title: string; description: string; confirm: string }> = {
  decline: {
    title: 'Decline the application',
    description: 'The borrower receives an adverse-action notice with these reasons and the date they may apply again.',
    confirm: 'Decline application',
  },
  deny: {
    title: 'Deny the application',
    description: 'Use when the borrower does not qualify. The reason is recorded and the borrower is told when they may apply again.',
    confirm: 'Deny application',
  },
};

/** The reviewer's reason and reapply date ("never" or a day), read into the decline or deny request. */
function decisionSchema(kind: DecisionKind) {
  return z
    .object({ reason: z.string(), never: z.boolean(), date: z.string().optional() })
    .superRefine((values, ctx) => {
      const reason = values.reason.trim();
      if (!reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason.' });
      else if (reason.length > 300) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Keep the reason under 300 characters.' });
      if (!values.never && !/^\d{4}-\d{2}-\d{2}$/.test(values.date ?? ''))
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose the date the borrower may apply again, or "Never".' });
    })
    .transform((values): ReviewAction => {
      const reason = values.reason.trim();
      const reapply_on = values.never ? ('never' as const) : (values.date ?? '');
      return kind === 'decline'
        ? { kind, body: { reapply_on, reasons: [reason] } }
        : { kind, body: { not_qualified_reason: reason, reapply_on, reasons: [reason] } };
    });
}

/** Decline or deny: a reason and a reapply date (or "never") are required. */
export function DecisionDialog({
  kind,
  open,
  onClose,
  onSubmit,
}: {
  kind: DecisionKind;
  open: boolean;
  onClose: () => void;
  onSubmit: (action: ReviewAction) => Promise<unknown>;
}) {
  const copy = COPY[kind];
  return (
    <Dialog open={open} onClose={onClose} title={copy.title} description={copy.description} closeOnBackdrop={false}>
      <Form
        schema={decisionSchema(kind)}
        options={{ mode: 'onSubmit', defaultValues: { reason: '', never: false, date: '' } }}
        submitError={(error) => errorMessage(error)}
        onSubmit={async (action) => {
          await onSubmit(action);
        }}
        className={styles.form}
      >
        {({ register, watch, formState: { errors, isSubmitting } }) => (
          <>
            <FormError />
            <TextAreaField label="Reason" required error={errors.reason?.message} {...register('reason')} />
            <TextField label="May apply again on" type="date" disabled={watch('never')} error={errors.date?.message} {...register('date')} />
            <label className={styles.inlineCheck}>
              <input type="checkbox" {...register('never')} /> Never
            </label>
            <div className={styles.dialogButtons}>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" loading={isSubmitting}>
                {copy.confirm}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Dialog>
  );
}
