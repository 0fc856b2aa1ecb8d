import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { navigate } from '@payrail/client/navigation';
import { useRequestContinueLink } from '../api/continue-link';
import { useAuthPaths } from '../lib/auth-paths';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

/** Shown when a resend could not be sent (the hourly limit) or failed. */
export const CONTINUE_LINK_LIMIT = 'You asked for several links in the last hour. Please use the newest link we sent, or try again in an hour.';
export const CONTINUE_LINK_FAILED = 'We could not send the link right now. Please try again.';

export type AlreadyStartedProps = {
  email: string | null;
  /** What the pre-check said about the continue link it e-mailed (null when unknown, e.g. the page was reloaded). */
  continueLink?: 'sent' | 'limit_reached' | null;
  linkValidHours?: number | null;
};

/**
 * already_started (newflow §2): the e-mail step found an application in progress without a password for
 * this address, and the server e-mailed a one-time continue link (`POST /email` 202). The page says so;
 * its main action sends the link again (the same call, at most 3 an hour). An account with a password
 * never lands here (the pre-check answers `password`); if the resend finds one now, the page opens the
 * password step.
 */
export function AlreadyStarted({ email, continueLink = null, linkValidHours = null }: AlreadyStartedProps) {
  const paths = useAuthPaths();
  const resend = useRequestContinueLink();
  const [status, setStatus] = useState<{ kind: 'sent' | 'limit' | 'failed'; at: number } | null>(
    continueLink === 'limit_reached' ? { kind: 'limit', at: 0 } : null,
  );

  const sendAgain = async () => {
    if (!email) return;
    try {
      const answer = await resend.mutateAsync(email);
      if (answer.has_password === true || answer.data === 'password') {
        navigate(paths.signin, { state: { email } });
        return;
      }
      setStatus({ kind: answer.continue_link === 'limit_reached' ? 'limit' : 'sent', at: Date.now() });
    } catch {
      setStatus({ kind: 'failed', at: Date.now() });
    }
  };

  return (
    <AuthCard
      titleId="already-started-title"
      title="You already started an application"
      lead={
        email ? (
          <>
            There is an application in progress for <strong>{email}</strong>.
          </>
        ) : (
          'There is an application in progress for this e-mail.'
        )
      }
    >
      <p>
        {email ? 'We e-mailed you a link to continue it.' : 'We e-mailed a link to continue it to the address you entered.'} Open the link in that e-mail to
        pick up where you left off; your answers so far are saved.
        {linkValidHours ? ` The link works once, for ${linkValidHours} hours.` : ' The link works once.'}
      </p>
      <p>Can&apos;t find it? Check your spam folder, or ask for a new link.</p>
      {status ? (
        <div key={status.at}>
          {status.kind === 'sent' ? <Alert kind="success">We sent a new link to {email}.</Alert> : null}
          {status.kind === 'limit' ? <Alert kind="warning">{CONTINUE_LINK_LIMIT}</Alert> : null}
          {status.kind === 'failed' ? <Alert kind="error">{CONTINUE_LINK_FAILED}</Alert> : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        {email ? (
          <Button size="lg" fullWidth loading={resend.isPending} onClick={() => void sendAgain()}>
            Send me the link again
          </Button>
        ) : (
          <Button size="lg" fullWidth onClick={() => navigate(paths.signin)}>
            Enter my e-mail
          </Button>
        )}
      </div>
      <div className={styles.links}>
        <p>
          <Link to={paths.signin}>Use another e-mail</Link>
        </p>
      </div>
    </AuthCard>
  );
}
