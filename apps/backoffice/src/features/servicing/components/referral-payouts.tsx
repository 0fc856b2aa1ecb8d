import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPayableReferrersResponse, ZReferralPayout, ZReleasedPayoutsResponse } from '@payrail/contract/referral';
import type { TPayableReferrersResponse, TReleasedPayoutsResponse } from '@payrail/contract/referral';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { errorMessage } from '@payrail/ui/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { QueryFallback } from '@payrail/ui/query-fallback';

type Payable = TPayableReferrersResponse['payable'][number];
type Released = TReleasedPayoutsResponse['payouts'][number];

/**
 * A payout's status in words: `queued` until the ACH credit is originated (the referral.payout job), then
 * as the job reads the credit. A returned payout's rewards are payable again (listed above for a new release).
 */
const STATUS_LABELS: Record<Released['status'], string> = {
  queued: 'Queued',
  pending: 'Sent (pending)',
  settled: 'Settled',
  returned: 'Returned',
};
const statusOf = (r: Released): string =>
  r.status === 'returned' ? `${STATUS_LABELS.returned}${r.return_code ? ` (${r.return_code})` : ''}: rewards payable again` : STATUS_LABELS[r.status];
/**
 * Under the servicing key: moving the business date or running servicing reads every servicing list
 * again (api/keys.ts `refresh`), so the panel never keeps a stale business date.
 */
const KEY = ['backoffice', 'servicing', 'referral-payouts'] as const;

/**
 * Referral payouts (newflow §9): members whose rewards have waited REFERRAL_PAYOUT_WAIT_DAYS, each
 * released by a servicer as one ACH credit (audited). The Idempotency-Key is kept for the open dialog,
 * so a retry after a lost answer pays once.
 */
export function ReferralPayouts() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => backofficeApi.get('/referral_payouts', { schema: ZPayableReferrersResponse }) });
  const released = useQuery({
    queryKey: [...KEY, 'released'],
    queryFn: () => backofficeApi.get('/referral_payouts/released', { schema: ZReleasedPayoutsResponse }),
    // A queued payout turns into a sent one when its job runs: read again while one is waiting.
    refetchInterval: (q) => (q.state.data?.payouts.some((p) => p.status === 'queued') ? 5_000 : false),
  });
  const [target, setTarget] = useState<Payable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string>(newIdempotencyKey());
  const release = useMutation({
    mutationFn: (userId: number) =>
      backofficeApi.post(`/referral_payouts/${userId}`, undefined, { headers: { 'Idempotency-Key': key.current }, schema: ZReferralPayout }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const columns: TableColumn<Payable>[] = [
    { key: 'member', header: 'Member', cell: (r) => r.email },
    { key: 'rewards', header: 'Rewards', align: 'end', cell: (r) => r.rewards },
    { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
    {
      key: 'action',
      header: 'Action',
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            key.current = newIdempotencyKey();
            setError(null);
            setTarget(r);
          }}
        >
          {`Release payout to ${r.email}`}
        </Button>
      ),
    },
  ];
  const releasedColumns: TableColumn<Released>[] = [
    { key: 'member', header: 'Member', cell: (r) => r.email },
    { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
    { key: 'status', header: 'Status', cell: statusOf },
    {
      key: 'voided',
      header: 'Voided after payment',
      align: 'end',
      // Rewards of a friend's loan canceled after this payout paid them: the member keeps the money (no claw-back).
      cell: (r) => (r.voided_amount > 0 ? `${formatCents(r.voided_amount)} (kept by the member)` : '—'),
    },
    { key: 'trace', header: 'ACH trace', cell: (r) => r.trace_id ?? '—' },
    { key: 'released', header: 'Released', cell: (r) => formatDate(r.created_at.slice(0, 10)) },
  ];
  return (
    <section className={styles.section} aria-labelledby="referral-payouts">
      <h2 id="referral-payouts">Referral payouts</h2>
      {list.data ? <p>{`Rewards payable on the business date ${formatDate(list.data.business_date)}.`}</p> : null}
      {list.data ? (
        <Table
          caption="Referral rewards payable"
          captionHidden
          columns={columns}
          rows={list.data.payable}
          getRowKey={(r) => r.user_id}
          emptyMessage="No referral rewards are payable."
        />
      ) : (
        <QueryFallback query={list} loadingLabel="Loading payable rewards…" failure="The payable rewards could not be loaded." />
      )}
      <h3 id="released-payouts">Released payouts</h3>
      {released.data ? (
        <Table
          caption="Released referral payouts, newest first"
          captionHidden
          columns={releasedColumns}
          rows={released.data.payouts}
          getRowKey={(r) => r.id}
          emptyMessage="No referral payout has been released."
        />
      ) : (
        <QueryFallback query={released} loadingLabel="Loading released payouts…" failure="The released payouts could not be loaded." />
      )}
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Release referral payout"
        description={target ? `Send ${formatCents(target.amount)} to ${target.email}'s verified bank account by ACH?` : undefined}
        confirmLabel="Release payout"
        pending={release.isPending}
        error={error}
        onConfirm={() => {
          if (!target) return;
          release.mutate(target.user_id, {
            onSuccess: (payout) => {
              notify.success(
                payout.trace_id === null
                  ? `Payout of ${formatCents(payout.amount)} queued: the ACH credit is sent as soon as the originator answers.`
                  : `Payout of ${formatCents(payout.amount)} sent (trace ${payout.trace_id}).`,
              );
              setTarget(null);
            },
            onError: (e) => setError(errorMessage(e)),
          });
        }}
      />
    </section>
  );
}
