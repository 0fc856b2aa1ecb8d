import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { MSG } from '@payrail/contract/messages';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { identityConfigQueryOptions } from '../api/get-identity-config';
import { requestGoogleIdToken } from '../lib/google-identity';
import type { SandboxIdentityPickerProps } from './sandbox-identity-picker';

/** What a social provider hands back: the token for /login or /signup, and who it is when known. */
export interface SocialIdentity {
  google_token: string;
  email?: string;
  name?: string;
}

export interface SocialSignInButtonProps {
  children: string;
  onIdentity: (identity: SocialIdentity) => void;
  disabled?: boolean;
  loading?: boolean;
  'aria-describedby'?: string;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 01-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z" />
      <path fill="#34A853" d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.32-1.58-5.03-3.7H.96v2.33A9 9 0 009 18z" />
      <path fill="#FBBC05" d="M3.97 10.72A5.41 5.41 0 013.68 9c0-.6.1-1.18.29-1.72V4.95H.96A9 9 0 000 9c0 1.45.35 2.83.96 4.05l3.01-2.33z" />
      <path fill="#EA4335" d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 00.96 4.95l3.01 2.33C4.68 5.16 6.66 3.58 9 3.58z" />
    </svg>
  );
}

/**
 * Social sign-in through the identity-provider adapter (GET /identity/config): the sandbox shows the dev
 * identity picker, Google loads Google Identity Services on demand. Closing either is not an error;
 * anything else that fails shows 'Error on signin' (spec §8).
 */
export function SocialSignInButton({ children, onIdentity, disabled, loading, 'aria-describedby': describedBy }: SocialSignInButtonProps) {
  const queryClient = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  // The sandbox picker (a dialog and its query) loads on the first click that needs it, not with the page.
  const [Picker, setPicker] = useState<ComponentType<SandboxIdentityPickerProps> | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      const config = await queryClient.fetchQuery(identityConfigQueryOptions());
      if (config.provider === 'sandbox') {
        const { SandboxIdentityPicker } = await import('./sandbox-identity-picker');
        setPicker(() => SandboxIdentityPicker);
        setPickerOpen(true);
        return;
      }
      if (!config.client_id) throw new Error('Google sign-in is not configured');
      const token = await requestGoogleIdToken(config.client_id);
      if (token) onIdentity({ google_token: token });
    } catch {
      notify.error(MSG.socialSigninError);
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        fullWidth
        icon={<GoogleMark />}
        disabled={disabled}
        loading={loading || starting}
        aria-describedby={describedBy}
        onClick={() => void start()}
      >
        {children}
      </Button>
      {Picker ? (
        <Picker
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={(identity) => {
            setPickerOpen(false);
            onIdentity({ google_token: identity.google_token, email: identity.email, name: identity.name });
          }}
        />
      ) : null}
    </>
  );
}
