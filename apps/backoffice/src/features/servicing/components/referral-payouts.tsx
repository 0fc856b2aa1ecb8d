import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPayableReferrersResponse, ZReferralPayout } from '@payrail/contract/referral';
import type { TPayableReferrersResponse } from '@payrail/contract/referral';
import { Button } from '@payrail/ui/button';
import { Spinner } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency';

type Payable = TPayableReferrersResponse['payable'][number];
/**
 * Under the servicing key: moving the business date or running servicing reads every servicing list
 * again (api/servicing.ts `refresh`), so the panel never keeps a stale business date.
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
  return (
    <section className={styles.section} aria-labelledby="referral-payouts">
      <h2 id="referral-payouts">Referral payouts</h2>
      {list.data ? <p>{`Rewards payable on the business date ${formatDate(list.data.business_date)}.`}</p> : null}
      {list.isPending ? (
        <Spinner label="Loading payable rewards…" />
      ) : (
        <Table
          caption="Referral rewards payable"
          captionHidden
          columns={columns}
          rows={list.data?.payable ?? []}
          getRowKey={(r) => r.user_id}
          emptyMessage="No referral rewards are payable."
        />
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
              notify.success(`Payout of ${formatCents(payout.amount)} sent (trace ${payout.trace_id}).`);
              setTarget(null);
            },
            onError: (e) => setError(errorMessage(e)),
          });
        }}
      />
    </section>
  );
}
