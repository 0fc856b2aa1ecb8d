import { MSG } from '@payrail/contract/messages';
import { ZLeadRequest } from '@payrail/contract/application';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
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
 * e-mail, checked by the server's own request schema (`ZLeadRequest`), POST /leads, "Subscribe
 * successfully made!" or "Error on subscribe!" with field errors. The form starts fresh every time it
 * opens or the state changes.
 */
export function LeadDialog(props: LeadDialogProps) {
  return <LeadDialogBody key={`${props.stateId ?? 'none'}-${props.open ? 'open' : 'closed'}`} {...props} />;
}

function LeadDialogBody({ open, stateId, stateName, defaultName = '', defaultEmail = '', onClose, onSubscribed }: LeadDialogProps) {
  return (
    <Form
      id="lead-form"
      schema={ZLeadRequest}
      options={{ mode: 'onSubmit', defaultValues: { lead: { full_name: defaultName, email: defaultEmail, state_id: stateId ?? 0 } } }}
      onSubmit={async ({ lead }, form) => {
        if (stateId === null) return;
        try {
          await postLead(lead);
          notify.success(MSG.leadSuccess);
          onSubscribed?.();
        } catch (error) {
          const found = leadFieldErrors(error);
          if (found.full_name) form.setError('lead.full_name', { message: found.full_name });
          if (found.email) form.setError('lead.email', { message: found.email });
          notify.error(MSG.leadError);
        }
      }}
    >
      {({ register, formState: { errors, isSubmitting } }) => (
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
              <Button type="submit" form="lead-form" loading={isSubmitting} disabled={stateId === null}>
                Subscribe
              </Button>
            </div>
          }
        >
          <TextField label="Full name" autoComplete="name" error={errors.lead?.full_name?.message} {...register('lead.full_name')} />
          <TextField label="E-mail address" type="email" autoComplete="email" error={errors.lead?.email?.message} {...register('lead.email')} />
          {stateName ? <p className={styles.muted}>State: {stateName}</p> : null}
        </Dialog>
      )}
    </Form>
  );
}
