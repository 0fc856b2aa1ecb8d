import { loadScript } from '../../../lib/load-script';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

interface PromptMoment {
  isNotDisplayed(): boolean;
  isSkippedMoment(): boolean;
  isDismissedMoment(): boolean;
  getDismissedReason?(): string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential: string }) => void;
        cancel_on_tap_outside?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      prompt(listener?: (moment: PromptMoment) => void): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/**
 * Asks Google Identity Services for an ID token (the spec's `google_token`). The script is loaded only
 * when the server says the provider is `google`. Answers null when the person closed the prompt; rejects
 * when Google could not show it (blocked script, cookies, misconfiguration).
 */
export async function requestGoogleIdToken(clientId: string): Promise<string | null> {
  await loadScript(GOOGLE_IDENTITY_SCRIPT);
  const google = window.google;
  if (!google) throw new Error('Google Identity Services did not start');
  return new Promise<string | null>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    google.accounts.id.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
      callback: (response) => settle(() => resolve(response.credential)),
    });
    google.accounts.id.prompt((moment) => {
      if (moment.isNotDisplayed()) settle(() => reject(new Error('Google sign-in could not be shown')));
      else if (moment.isSkippedMoment()) settle(() => resolve(null));
      else if (moment.isDismissedMoment() && moment.getDismissedReason?.() !== 'credential_returned') settle(() => resolve(null));
    });
  });
}
