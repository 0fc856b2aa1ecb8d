import type { TOpenRequest } from '@payrail/contract/care';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import { useOpenRequests, useResendConfirmation } from '../api/requests-inbox';
import styles from './care.module.css';

const STATUS_NAMES: Record<TOpenRequest['status'], string> = { to_do: 'Action needed', in_progress: 'In progress' };

function RequestAction({ request }: { request: TOpenRequest }) {
  const resend = useResendConfirmation();
  const action = request.action;
  if (action.kind === 'link') {
    return (
      <Button to={action.to} size="sm" aria-describedby={`request-${request.key}`}>
        {action.label}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      loading={resend.isPending}
      aria-describedby={`request-${request.key}`}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (res) => notify.success(`We sent a new confirmation e-mail to ${res.email}.`),
          onError: () => notify.error('We could not send the e-mail. Please try again in a minute.'),
        })
      }
    >
      {action.label}
    </Button>
  );
}

/**
 * Requests (issue #13): everything Payrail still needs from the borrower, one card each with its status
 * and its one action. The list is derived by the server on every read, so it empties as things are done.
 */
export function RequestsInboxPage() {
  const inbox = useOpenRequests();
  if (inbox.isPending) return <LoadingBlock label="Loading your requests…" />;
  if (!inbox.data) return <Alert kind="error">We could not load your requests. Please reload the page.</Alert>;
  const requests = inbox.data.requests;
  return (
    <div className={styles.page}>
      <h1>Requests</h1>
      <p className={styles.empty}>
        {requests.length === 0
          ? 'Nothing is waiting for you. We will let you know here and in your notifications when we need something.'
          : `${requests.length === 1 ? '1 request is' : `${requests.length} requests are`} waiting for you.`}
      </p>
      {requests.length > 0 ? (
        <ul className={styles.list} aria-label="Open requests">
          {requests.map((r) => (
            <li key={r.key} className={styles.item} data-status={r.status}>
              <h2 id={`request-${r.key}`}>{r.title}</h2>
              <p>{r.detail}</p>
              <p className={styles.meta}>
                <span className={styles.status}>{STATUS_NAMES[r.status]}</span>
                {r.since ? <span>{`Since ${formatDate(r.since)}`}</span> : null}
              </p>
              <div className={styles.row}>
                <RequestAction request={r} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
