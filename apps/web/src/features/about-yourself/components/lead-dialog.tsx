import { MSG } from '@payrail/contract/messages';
import { isEmail } from '@payrail/domain/validation/email';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast/notify';
import { fieldErrorsOf, postLead } from '../api/about-yourself-api';
import styles from './about-yourself.module.css';

export interface LeadDialogProps {
  open: boolean;
  state: { id: number; name: string } | null;
  defaultName: string;
  defaultEmail: string;
  onClose: () => void;
  /** After "Subscribe successfully made!" (spec §8: then /signin). */
  onSubscribed: () => void;
}

type LeadErrors = { full_name?: string; email?: string };

/** Spec §5/§8: the lead-capture dialog of a state Payrail does not lend in yet. */
export function LeadDialog({ open, state, defaultName, defaultEmail, onClose, onSubscribed }: LeadDialogProps) {
  const [fullName, setFullName] = useState(defaultName);
  const [email, setEmail] = useState(defaultEmail);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const local: LeadErrors = {};
    if (!fullName.trim()) local.full_name = MSG.leadFullNameBlank;
    if (!email.trim()) local.email = MSG.leadEmailBlank;
    else if (!isEmail(email.trim().toLowerCase())) local.email = MSG.leadEmailInvalid;
    setErrors(local);
    if (local.full_name || local.email || !state) return;
    setPending(true);
    try {
      await postLead({ full_name: fullName.trim(), email: email.trim(), state_id: state.id });
      notify.success(MSG.leadSuccess);
      onSubscribed();
    } catch (error) {
      const server = fieldErrorsOf(error);
      const pick = (key: 'full_name' | 'email') => server[key] ?? server[`lead.${key}`];
      const next: LeadErrors = {};
      const name = pick('full_name');
      const mail = pick('email');
      if (name) next.full_name = name;
      if (mail) next.email = mail;
      setErrors(next);
      notify.error(MSG.leadError);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MSG.stateUnavailable}
      description={`Payrail does not offer loans in ${state?.name ?? 'your state'} yet. Leave your name and e-mail and we will let you know when we do.`}
      footer={
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="lead-form" loading={pending}>
            Subscribe
          </Button>
        </div>
      }
    >
      <form
        id="lead-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label="Full name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} error={errors.full_name} />
        <TextField label="E-mail address" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <p className={styles.muted}>State: {state?.name ?? ''}</p>
      </form>
    </Dialog>
  );
}
