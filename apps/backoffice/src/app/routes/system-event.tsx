import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useEndSystemEvent, useStartSystemEvent, useSystemState } from '../../features/system-event/api/system-event';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../title';

function SystemEventPanel() {
  const state = useSystemState();
  const start = useStartSystemEvent();
  const end = useEndSystemEvent();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirmEnd, setConfirmEnd] = useState(false);

  if (state.isPending) return <LoadingBlock label="Loading the system state…" />;
  if (state.isError) return <Alert kind="error" title="We could not load the system state." />;

  const active = state.data.event_description;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = description.trim();
    if (!text) return setError('Describe the event; borrowers see this text.');
    if (text.length > 500) return setError('Keep it under 500 characters.');
    setError(undefined);
    start.mutate(text, {
      onSuccess: () => {
        setDescription('');
        notify.success('System event started. Borrowers now see the unavailable page.');
      },
    });
  };

  return (
    <div className={styles.stack}>
      {active ? (
        <Alert kind="warning" title="A system event is active.">
          <p>{active}</p>
        </Alert>
      ) : (
        <Alert kind="success" title="No system event is active." />
      )}
      {start.isError ? (
        <Alert kind="error" assertive>
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <form className={styles.section} onSubmit={submit} noValidate aria-label="Start a system event">
        <h2>{active ? 'Replace the event' : 'Start an event'}</h2>
        <TextField label="Description shown to borrowers" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} error={error} />
        <div>
          <Button type="submit" loading={start.isPending}>
            Start system event
          </Button>
        </div>
      </form>
      {active ? (
        <div>
          <Button variant="secondary" onClick={() => setConfirmEnd(true)}>
            End system event
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmEnd}
        onClose={() => setConfirmEnd(false)}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: () => {
              setConfirmEnd(false);
              notify.success('System event ended.');
            },
          })
        }
        title="End the system event?"
        description="Borrowers can use the app again at once."
        confirmLabel="End event"
        pending={end.isPending}
        error={end.isError ? errorMessage(end.error) : null}
      />
    </div>
  );
}

export function Component() {
  usePageTitle('System event');
  return (
    <RequireRole capability="systemEvent">
      <div className={styles.header}>
        <div>
          <h1>System event</h1>
          <p className={styles.lead}>While an event is active the borrower app shows an “unavailable” page with its description.</p>
        </div>
      </div>
      <SystemEventPanel />
    </RequireRole>
  );
}
