import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { postEducationProgram } from '../api/post-education-program';
import { fieldErrorsOf } from '../lib/field-errors';
import { educationDefaults, educationFormSchema, educationReady } from './education-dialog.schema';
import styles from './about-yourself.module.css';

export interface EducationDialogProps {
  open: boolean;
  onClose: () => void;
  onAgreed: () => void;
}

/** Spec §2/§5: the education-program agreement — a checkbox plus one-character first and last initials. */
export function EducationDialog({ open, onClose, onAgreed }: EducationDialogProps) {
  return (
    <Form
      id="education-form"
      schema={educationFormSchema}
      options={{ defaultValues: educationDefaults }}
      onSubmit={async (body, form) => {
        try {
          await postEducationProgram(body);
          onAgreed();
        } catch (error) {
          const found = fieldErrorsOf(error, 'agreement');
          if (found.agreement) form.setError('agreement', { message: found.agreement });
          const first = found['initials.first'] ?? found.first;
          const last = found['initials.last'] ?? found.last;
          if (first) form.setError('initials.first', { message: first });
          if (last) form.setError('initials.last', { message: last });
        }
      }}
    >
      {({ register, watch, formState: { errors, isSubmitting } }) => (
        <Dialog
          open={open}
          onClose={onClose}
          closeOnBackdrop={false}
          title="Financial education program"
          description="Payrail borrowers take part in a short financial education program about budgeting, saving and repaying loans on time."
          footer={
            <div className={styles.dialogActions}>
              <Button type="submit" form="education-form" disabled={!educationReady(watch())} loading={isSubmitting}>
                I agree
              </Button>
            </div>
          }
        >
          <Checkbox label="I agree to take part in the Payrail financial education program." error={errors.agreement?.message} {...register('agreement')} />
          <div className={styles.row2}>
            <TextField label="First name initial" maxLength={1} autoComplete="off" error={errors.initials?.first?.message} {...register('initials.first')} />
            <TextField label="Last name initial" maxLength={1} autoComplete="off" error={errors.initials?.last?.message} {...register('initials.last')} />
          </div>
        </Dialog>
      )}
    </Form>
  );
}
