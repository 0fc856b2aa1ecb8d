import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { DashboardEmailConfirmation } from '../../features/email-confirmation/components/dashboard-email-confirmation';
import { PhoneEditDialog } from '../../features/phone/components/phone-edit-dialog';
import { ProfilePhoto } from '../../features/profile/components/profile-photo';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { formatUsPhone } from '../../lib/format';
import { sessionStore, useSession } from '../../lib/session-store';
import { agreementLink } from '../agreement-links';
import { initialsOf } from '../layouts/app-shell-layout';
import styles from './dashboard.module.css';

/** /dashboard/personal-information (named route personalInformation): the profile, its photo and the phone change. */
export function Component() {
  const user = useSession((state) => state.user);
  const queryClient = useQueryClient();
  const [editingPhone, setEditingPhone] = useState(false);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  // The header reads the session: update it at once, then check it again with the server.
  const refreshSession = () => void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  return (
    <>
      <h1>Personal Information</h1>
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{name || 'Not given yet'}</dd>
        <dt>E-mail</dt>
        <dd>{user?.email}</dd>
        <dt>Mobile phone</dt>
        <dd className={styles.phone}>
          <span data-testid="personal-phone">{user?.phone ? `${formatUsPhone(user.phone)}${user.phone_confirmed ? ' (verified)' : ' (not verified)'}` : 'Not given yet'}</span>
          <Button variant="secondary" size="sm" onClick={() => setEditingPhone(true)} aria-label="Edit mobile number">
            Edit
          </Button>
        </dd>
      </dl>
      {user && user.email_confirmed === false ? (
        <DashboardEmailConfirmation
          email={user.email}
          onConfirmed={() => {
            sessionStore.updateUser({ email_confirmed: true });
            refreshSession();
          }}
        />
      ) : null}
      <ProfilePhoto
        avatar={user?.avatar ?? null}
        initials={initialsOf(user?.first_name, user?.last_name) ?? ''}
        onUpdated={(url) => {
          sessionStore.updateUser({ avatar: url });
          refreshSession();
        }}
      />
      <PhoneEditDialog
        open={editingPhone}
        onClose={() => setEditingPhone(false)}
        phone={user?.phone ?? null}
        consentLink={(label) => agreementLink('consent_text_messaging', label)}
        onVerified={(number) => {
          sessionStore.updateUser({ phone: number, phone_confirmed: true });
          refreshSession();
        }}
      />
      <section className={styles.note} aria-labelledby="personal-next">
        <h2 id="personal-next">Coming in the dashboard release</h2>
        <p>Your address and date of birth, and the form to change your address, will be here.</p>
      </section>
    </>
  );
}
