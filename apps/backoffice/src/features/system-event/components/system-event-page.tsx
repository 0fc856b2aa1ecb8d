import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useEndSystemEvent } from '../api/end-system-event';
import { useStartSystemEvent } from '../api/start-system-event';
import { useSystemState } from '../api/get-system-state';
import { errorMessage } from '@payrail/ui/error-message';
import { StaffPage } from '../../../components/staff-page';

/** What borrowers read on the unavailable page while the event lasts. */
const eventSchema = z.object({
  description: z.string().trim().min(1, 'Describe the event; borrowers see this text.').max(500, 'Keep it under 500 characters.'),
});

function SystemEventPanel() {
  const state = useSystemState();
  const start = useStartSystemEvent();
  const end = useEndSystemEvent();
  const [confirmEnd, setConfirmEnd] = useState(false);

  if (state.isPending) return <LoadingBlock label="Loading the system state…" />;
  if (state.isError) return <Alert kind="error" title="We could not load the system state." />;

  const active = state.data.event_description;
  return (
    <div className={styles.stack}>
      {active ? (
        <Alert kind="warning" title="A system event is active.">
          <p>{active}</p>
        </Alert>
      ) : (
        <Alert kind="success" title="No system event is active." />
      )}
      <ErrorAlert message={start.isError ? errorMessage(start.error) : null} />
      <Form
        schema={eventSchema}
        options={{ mode: 'onSubmit', defaultValues: { description: '' } }}
        onSubmit={({ description }, form) =>
          start.mutate(description, {
            onSuccess: () => {
              form.reset();
              notify.success('System event started. Borrowers now see the unavailable page.');
            },
          })
        }
        className={styles.section}
        aria-label="Start a system event"
      >
        {({ register, formState: { errors } }) => (
          <>
            <h2>{active ? 'Replace the event' : 'Start an event'}</h2>
            <TextField label="Description shown to borrowers" maxLength={500} error={errors.description?.message} {...register('description')} />
            <div>
              <Button type="submit" loading={start.isPending}>
                Start system event
              </Button>
            </div>
          </>
        )}
      </Form>
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

export function SystemEventPage() {
  return (
    <StaffPage title="System event" capability="systemEvent" lead="While an event is active the borrower app shows an “unavailable” page with its description.">
      <SystemEventPanel />
    </StaffPage>
  );
}
