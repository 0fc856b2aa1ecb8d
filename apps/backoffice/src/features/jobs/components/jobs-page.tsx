import { useRef, useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Badge } from '@payrail/ui/badge';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import type { TFailedJob, TJobQueueSummary, TJobsResponse } from '@payrail/contract/jobs';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { usePageTitle } from '../../../app/title';
import { RequireRole } from '../../../components/require-role';
import { errorMessage } from '@payrail/ui/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { formatDateTime } from '../../../lib/labels';
import { useFailedJobs, useJobQueues, useRetryJob } from '../api/jobs';
import { QueryFallback } from '@payrail/ui/query-fallback';

const DRIVER_LABELS: Record<TJobsResponse['driver'], string> = {
  'pg-boss': 'pg-boss on PostgreSQL',
  'in-process': 'the in-process runner on the embedded database',
};

function FailedCount({ queue }: { queue: TJobQueueSummary }) {
  if (queue.failed === 0) return <>0</>;
  return <Badge tone="danger">{`${queue.failed} failed`}</Badge>;
}

/** A queue's failed jobs (dead-lettered after their retries), each with a Retry. */
function FailedJobs({ queue }: { queue: string }) {
  const failed = useFailedJobs(queue);
  const retry = useRetryJob();
  // One Idempotency-Key per job until the server answers, so a retry after a lost answer queues it once.
  const keys = useRef(new Map<string, string>());
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = (job: TFailedJob) => {
    let key = keys.current.get(job.id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(job.id, key);
    }
    setRefusal(null);
    retry.mutate(
      { queue, id: job.id, idempotencyKey: key },
      {
        onSuccess: (r) => {
          keys.current.delete(job.id);
          notify.success(`Job ${r.id} of ${r.queue} is queued again.`);
        },
        onError: (err) => {
          // An answer (a 409: retried already, or run) ends the attempt; a dropped connection keeps the key.
          if (isApiError(err) && err.status !== 0) keys.current.delete(job.id);
          setRefusal(errorMessage(err));
        },
      },
    );
  };

  const columns: readonly TableColumn<TFailedJob>[] = [
    { key: 'id', header: 'Job', cell: (j) => <span className={styles.mono}>{j.id}</span> },
    { key: 'attempts', header: 'Attempts', align: 'end', cell: (j) => String(j.attempts) },
    { key: 'error', header: 'Error', cell: (j) => j.error },
    { key: 'failed', header: 'Failed at', cell: (j) => formatDateTime(j.failed_at) },
    { key: 'subject', header: 'Subject', cell: (j) => j.subject ?? '—' },
    {
      key: 'retry',
      header: 'Action',
      cell: (j) => (
        <Button
          size="sm"
          variant="secondary"
          loading={retry.isPending && retry.variables?.id === j.id}
          onClick={() => run(j)}
          aria-label={`Retry job ${j.id} of ${queue}`}
        >
          Retry
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="failed-jobs">
      <h2 id="failed-jobs">{`Failed jobs: ${queue}`}</h2>
      <p className={styles.intro}>Jobs that ran out of retries. Retrying one queues it again with its attempts started over; the retry is logged.</p>
      {refusal ? (
        <Alert kind="error" assertive>
          {refusal}
        </Alert>
      ) : null}
      {failed.data ? (
        <Table
          caption={`Failed jobs of ${queue}`}
          captionHidden
          columns={columns}
          rows={failed.data.jobs}
          getRowKey={(j) => j.id}
          emptyMessage="No failed job in this queue."
        />
      ) : (
        <QueryFallback query={failed} loadingLabel="Loading the failed jobs…" />
      )}
    </section>
  );
}

function Queues() {
  const queues = useJobQueues();
  const [selected, setSelected] = useState<string | null>(null);
  if (queues.isPending) return <LoadingBlock label="Loading the job queues…" />;
  if (!queues.data)
    return (
      <Alert kind="error" assertive>
        {errorMessage(queues.error)}
      </Alert>
    );
  const { driver, queues: list } = queues.data;
  const columns: readonly TableColumn<TJobQueueSummary>[] = [
    { key: 'name', header: 'Queue', cell: (q) => <span className={styles.mono}>{q.name}</span> },
    { key: 'description', header: 'Description', cell: (q) => q.description },
    { key: 'queued', header: 'Queued', align: 'end', cell: (q) => String(q.queued) },
    { key: 'active', header: 'Active', align: 'end', cell: (q) => String(q.active) },
    { key: 'failed', header: 'Failed', align: 'end', cell: (q) => <FailedCount queue={q} /> },
    { key: 'completed', header: 'Completed', align: 'end', cell: (q) => String(q.completed) },
    { key: 'schedule', header: 'Schedule', cell: (q) => (q.schedule ? <span className={styles.mono}>{q.schedule}</span> : '—') },
    { key: 'last-failure', header: 'Last failure', cell: (q) => formatDateTime(q.last_failed_at) },
    {
      key: 'show',
      header: 'Failed jobs',
      cell: (q) => (
        <Button
          size="sm"
          variant={q.failed > 0 ? 'secondary' : 'ghost'}
          aria-pressed={selected === q.name}
          aria-label={`Failed jobs of ${q.name}`}
          onClick={() => setSelected(selected === q.name ? null : q.name)}
        >
          Failed jobs
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.stack}>
      <p>{`Driver: ${driver} (${DRIVER_LABELS[driver]}). Counts are read when the page opens and after each retry.`}</p>
      <Table caption="Job queues" columns={columns} rows={list} getRowKey={(q) => q.name} emptyMessage="No queue is defined." />
      {selected ? <FailedJobs key={selected} queue={selected} /> : null}
    </div>
  );
}

/** /jobs (admin): the background queues, their counts and failures, and a retry of a failed job (issue #30). */
export function JobsPage() {
  usePageTitle('Jobs');
  return (
    <RequireRole capability="jobs">
      <div className={styles.header}>
        <div>
          <h1>Jobs</h1>
          <p className={styles.lead}>
            The background work: the daily servicing run, message delivery and the scheduled files. A job that fails is retried on its own; one that runs out of
            retries is listed here with its error until an administrator retries it.
          </p>
        </div>
      </div>
      <Queues />
    </RequireRole>
  );
}
