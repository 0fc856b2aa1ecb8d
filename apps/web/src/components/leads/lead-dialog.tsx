import { MSG } from '@payrail/contract/messages';
import { isEmail } from '@payrail/domain/validation/email';
import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { leadFieldErrors, postLead } from './lead-api';
import styles from './lead-dialog.module.css';

export interface LeadDialogProps {
  /** Show the dialog. */
  open: boolean;
  /** The unavailable state the lead is for (`state_id` of POST /leads); `null` disables Subscribe. */
  stateId: number | null;
  /** Shown in the text ("Payrail does not offer loans in <name> yet"); optional. */
  stateName?: string | undefined;
  /** Prefills of the form (e.g. the borrower's name and e-mail); read when the dialog opens. */
  defaultName?: string | undefined;
  defaultEmail?: string | undefined;
  /** Cancel, Escape or the close button. */
  onClose: () => void;
  /** After "Subscribe successfully made!" (spec §8: the caller then signs out and opens /signin). */
  onSubscribed?: (() => void) | undefined;
}

/**
 * Spec §5/§8: the lead-capture dialog of a state Payrail does not lend in yet — full name and
 * e-mail, POST /leads, "Subscribe successfully made!" or "Error on subscribe!" with field errors.
 * The form starts fresh every time it opens or the state changes.
 */
export function LeadDialog(props: LeadDialogProps) {
  return <LeadDialogBody key={`${props.stateId ?? 'none'}-${props.open ? 'open' : 'closed'}`} {...props} />;
}

type LeadErrors = { full_name?: string; email?: string };

function LeadDialogBody({ open, stateId, stateName, defaultName = '', defaultEmail = '', onClose, onSubscribed }: LeadDialogProps) {
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
    if (local.full_name || local.email || stateId === null) return;
    setPending(true);
    try {
      await postLead({ full_name: fullName.trim(), email: email.trim(), state_id: stateId });
      notify.success(MSG.leadSuccess);
      onSubscribed?.();
    } catch (error) {
      setErrors(leadFieldErrors(error));
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
      description={`Payrail does not offer loans in ${stateName ?? 'your state'} yet. Leave your name and e-mail and we will let you know when we do.`}
      footer={
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="lead-form" loading={pending} disabled={stateId === null}>
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
        {stateName ? <p className={styles.muted}>State: {stateName}</p> : null}
      </form>
    </Dialog>
  );
}
