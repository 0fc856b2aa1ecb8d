import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { DashboardEmailConfirmation } from '../../features/email-confirmation/components/dashboard-email-confirmation';
import { PhoneEditDialog } from '../../features/phone/components/phone-edit-dialog';
import { profileQueryOptions, useProfile } from '../../features/profile/api/profile';
import { AddressDialog } from '../../features/profile/components/address-dialog';
import { ProfileDetails } from '../../features/profile/components/profile-details';
import { ProfilePhoto } from '../../features/profile/components/profile-photo';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { sessionStore, useSession } from '../../lib/session-store';
import { agreementLink } from '../agreement-links';
import { initialsOf } from '../layouts/app-shell-layout';

/**
 * /dashboard/personal-information (named route personalInformation): every Profile field (GET
 * /users/info), the SSN's show-in-full, the phone dialog (SMS verification), the address dialog
 * (autocomplete, PUT /users/info) and the profile photo.
 */
export function Component() {
  const user = useSession((state) => state.user);
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [editingPhone, setEditingPhone] = useState(false);
  const [editingAddress, setEditingAddress] = useState(false);
  // The header reads the session: update it at once, then check it again with the server.
  const refreshSession = () => void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  const refreshProfile = () => void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
  return (
    <>
      <h1>Personal Information</h1>
      {profile.isPending ? (
        <LoadingBlock label="Loading your information…" />
      ) : profile.data ? (
        <ProfileDetails
          profile={profile.data}
          onEditAddress={() => setEditingAddress(true)}
          phoneAction={
            <Button variant="secondary" size="sm" onClick={() => setEditingPhone(true)} aria-label="Edit mobile number">
              Edit
            </Button>
          }
        />
      ) : (
        <p role="alert">We could not load your information. Please reload the page.</p>
      )}
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
          refreshProfile();
        }}
      />
      <PhoneEditDialog
        open={editingPhone}
        onClose={() => setEditingPhone(false)}
        phone={profile.data?.borrower.phone ?? user?.phone ?? null}
        consentLink={(label) => agreementLink('consent_text_messaging', label)}
        onVerified={(number) => {
          // The new number takes effect only now that it is verified.
          sessionStore.updateUser({ phone: number, phone_confirmed: true });
          queryClient.setQueryData(profileQueryOptions().queryKey, (p) =>
            p ? { ...p, borrower: { ...p.borrower, phone: number, phone_confirmed: true } } : p,
          );
          refreshSession();
          refreshProfile();
        }}
      />
      {profile.data ? <AddressDialog open={editingAddress} onClose={() => setEditingAddress(false)} borrower={profile.data.borrower} /> : null}
    </>
  );
}
