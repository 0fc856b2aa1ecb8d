import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Dialog } from '@payrail/ui/dialog';
import { TextField } from '@payrail/ui/text-field';
import { fieldErrorsOf, postEducationProgram } from '../api/about-yourself-api';
import styles from './about-yourself.module.css';

export interface EducationDialogProps {
  open: boolean;
  onClose: () => void;
  onAgreed: () => void;
}

/** Spec §2/§5: the education-program agreement — a checkbox plus one-character first and last initials. */
export function EducationDialog({ open, onClose, onAgreed }: EducationDialogProps) {
  const [agreement, setAgreement] = useState(false);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const ready = agreement && first.trim().length === 1 && last.trim().length === 1;

  const submit = async () => {
    if (!ready) return;
    setPending(true);
    try {
      await postEducationProgram({ initials: { first: first.trim(), last: last.trim() }, agreement: true });
      onAgreed();
    } catch (error) {
      setErrors(fieldErrorsOf(error, 'agreement'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeOnBackdrop={false}
      title="Financial education program"
      description="Payrail borrowers take part in a short financial education program about budgeting, saving and repaying loans on time."
      footer={
        <div className={styles.dialogActions}>
          <Button type="submit" form="education-form" disabled={!ready} loading={pending}>
            I agree
          </Button>
        </div>
      }
    >
      <form
        id="education-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checkbox
          label="I agree to take part in the Payrail financial education program."
          checked={agreement}
          onChange={(e) => setAgreement(e.target.checked)}
          error={errors.agreement}
        />
        <div className={styles.row2}>
          <TextField
            label="First name initial"
            maxLength={1}
            autoComplete="off"
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            error={errors['initials.first'] ?? errors.first}
          />
          <TextField
            label="Last name initial"
            maxLength={1}
            autoComplete="off"
            value={last}
            onChange={(e) => setLast(e.target.value)}
            error={errors['initials.last'] ?? errors.last}
          />
        </div>
      </form>
    </Dialog>
  );
}
