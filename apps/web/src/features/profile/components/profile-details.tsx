import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZRevealSsnRequest } from '@payrail/contract/profile';
import type { TProfile, TRevealSsnRequest } from '@payrail/contract/profile';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { formatDate, formatUsPhone } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { revealSsn } from '../api/profile';
import styles from './profile.module.css';

const NOT_GIVEN = 'Not given yet';

/** "TX - Texas": the state's abbreviation and name (newflow §2). */
export const stateLabel = (state: TProfile['borrower']['state']): string => (state ? `${state.abbreviation} - ${state.name}` : NOT_GIVEN);

/**
 * The SSN masked xxx-xx-####, with a control that shows it in full after the password again (as banks ask;
 * the server checks it and logs each reveal).
 */
function SsnValue({ masked }: { masked: string | null }) {
  const [full, setFull] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // Each opening starts with an empty password.
  const [opening, setOpening] = useState(0);
  if (!masked) return <>{NOT_GIVEN}</>;
  const open = () => {
    setOpening((n) => n + 1);
    setAsking(true);
  };
  const close = () => setAsking(false);
  const submit = async ({ password }: TRevealSsnRequest, form: UseFormReturn<TRevealSsnRequest>) => {
    const refuse = (message: string) => form.setError('password', { type: 'server', message });
    try {
      setFull(await revealSsn(password));
      close();
    } catch (e) {
      if (isApiError(e) && e.status === 422) refuse(e.fieldErrors.password?.[0] ?? e.message);
      else if (isApiError(e) && e.status === 429) refuse(e.message);
      else if (!(isApiError(e) && [401, 403, 503].includes(e.status))) refuse('We could not show your SSN. Please try again.');
    }
  };
  return (
    <span className={styles.inline}>
      <span data-testid="personal-ssn">{full ?? masked}</span>
      <Button variant="secondary" size="sm" onClick={() => (full ? setFull(null) : open())} aria-pressed={full !== null}>
        {full ? 'Hide SSN' : 'Show SSN in full'}
      </Button>
      <Form key={opening} id="reveal-ssn-form" schema={ZRevealSsnRequest} options={{ mode: 'onSubmit', defaultValues: { password: '' } }} onSubmit={submit}>
        {({ register, formState: { errors, isSubmitting } }) => (
          <Dialog
            open={asking}
            onClose={close}
            title="Confirm it is you"
            description="Enter your password to see your full Social Security number."
            footer={
              <>
                <Button type="submit" form="reveal-ssn-form" loading={isSubmitting}>
                  Show SSN
                </Button>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
              </>
            }
          >
            <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          </Dialog>
        )}
      </Form>
    </span>
  );
}

export interface ProfileDetailsProps {
  profile: TProfile;
  /** The phone's edit control (the SMS dialog lives in the phone feature). */
  phoneAction: ReactNode;
  onEditAddress: () => void;
}

/** Every Profile field of newflow §2/§3, read-only here; phone and address change through their dialogs. */
export function ProfileDetails({ profile, phoneAction, onEditAddress }: ProfileDetailsProps) {
  const b = profile.borrower;
  const name = [b.first_name, b.last_name].filter(Boolean).join(' ');
  return (
    <dl className={styles.facts}>
      <dt>Name</dt>
      <dd>{name || NOT_GIVEN}</dd>
      <dt>Social Security number</dt>
      <dd>
        <SsnValue masked={b.social_security_number} />
      </dd>
      <dt>Date of birth</dt>
      <dd>{b.date_of_birth ? formatDate(b.date_of_birth) : NOT_GIVEN}</dd>
      <dt>E-mail</dt>
      <dd>{profile.user.email}</dd>
      <dt>Mobile phone</dt>
      <dd className={styles.inline}>
        <span data-testid="personal-phone">{b.phone ? `${formatUsPhone(b.phone)}${b.phone_confirmed ? ' (verified)' : ' (not verified)'}` : NOT_GIVEN}</span>
        {phoneAction}
      </dd>
      <dt>Address</dt>
      <dd className={styles.inline}>
        <span data-testid="personal-address">{b.address ?? NOT_GIVEN}</span>
        <Button variant="secondary" size="sm" onClick={onEditAddress} aria-label="Edit address">
          Edit
        </Button>
      </dd>
      <dt>P.O. box</dt>
      <dd>{b.unit_number ?? NOT_GIVEN}</dd>
      <dt>City</dt>
      <dd>{b.city ?? NOT_GIVEN}</dd>
      <dt>State</dt>
      <dd>{stateLabel(b.state)}</dd>
      <dt>Zip code</dt>
      <dd>{b.zip_code ?? NOT_GIVEN}</dd>
      <dt>Employer</dt>
      <dd>{b.employer?.name ?? NOT_GIVEN}</dd>
    </dl>
  );
}
