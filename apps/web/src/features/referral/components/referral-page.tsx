import { FactList } from '@payrail/ui/fact-list';
import { useEffect } from 'react';
import type { TReferralProgram, TReferralReward } from '@payrail/contract/referral';
import { REFERRAL_MSG } from '@payrail/contract/referral';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import { markBenefitsRead, useReferralProgram } from '../api/referral-api';
import { ReferFriendForm } from './refer-friend-form';
import styles from './referral.module.css';

const LEVEL_NAMES = { zero: 'No level yet', bronze: 'Bronze', silver: 'Silver', gold: 'Gold' } as const;
const KIND_NAMES: Record<TReferralReward['kind'], string> = {
  application_submitted: 'Application submitted',
  referral_approved: 'Referral approved',
  bonus: 'Bonus',
};
const STATUS_NAMES: Record<TReferralReward['status'], string> = {
  waiting: 'Waiting period',
  payable: 'Ready to be paid',
  paid: 'Paid',
  voided: "Canceled: your friend's loan was canceled",
  voided_paid: "Paid, then your friend's loan was canceled: yours to keep",
};

const COLUMNS: readonly TableColumn<TReferralReward>[] = [
  { key: 'earned_on', header: 'Date', cell: (r) => formatDate(r.earned_on) },
  { key: 'kind', header: 'Reward', cell: (r) => KIND_NAMES[r.kind] },
  { key: 'friend', header: 'Friend', cell: (r) => r.friend_name ?? '—' },
  { key: 'points', header: 'Points', cell: (r) => String(r.points), align: 'end' },
  { key: 'amount', header: 'Amount', cell: (r) => formatCents(r.amount), align: 'end' },
  {
    key: 'status',
    header: 'Payout',
    cell: (r) => (r.status === 'waiting' ? `${STATUS_NAMES.waiting} (from ${formatDate(r.payable_on)})` : STATUS_NAMES[r.status]),
  },
];

function Progress({ program }: { program: TReferralProgram }) {
  const next = program.next_level;
  return (
    <section className={styles.card} aria-labelledby="referral-level">
      <h2 id="referral-level">Your level</h2>
      <p className={styles.level} data-level={program.level}>
        {LEVEL_NAMES[program.level]}
      </p>
      <FactList
        className={styles.stats}
        facts={[
          { label: 'Approved referrals', value: program.approved_referrals },
          { label: 'Points', value: program.points },
          { label: 'Rewards earned', value: formatCents(program.earned) },
          { label: 'Paid to you', value: formatCents(program.paid) },
        ]}
      />
      {next ? (
        <p>
          {`${LEVEL_NAMES[next.level]}: ${next.approved_needed} more approved ${next.approved_needed === 1 ? 'referral' : 'referrals'} or ${next.points_needed} more points.`}
        </p>
      ) : (
        <p>You reached the highest level. Thank you!</p>
      )}
    </section>
  );
}

/**
 * The referral page (newflow §9): the borrower's code with Copy ("Code copied!", 1500 ms) and Share, the
 * rules, the code of the friend who referred them ("Friend referred successfully" or the server's text),
 * the level and its progress, and the rewards history with each reward's payout status.
 */
export function ReferralPage() {
  const program = useReferralProgram();
  const data = program.data;

  // Opening this page is seeing the level: the medal's "new level" dot clears.
  useEffect(() => {
    if (data) void markBenefitsRead().catch(() => undefined);
  }, [data]);

  if (program.isPending) return <LoadingBlock label="Loading your referral program…" />;
  if (!data) return <Alert kind="error">We could not load your referral program. Please reload the page.</Alert>;

  const shareText = `Join me at Payrail: use my referral code ${data.refer_code} when you check your rate.`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.refer_code);
      notify.copied(REFERRAL_MSG.codeCopied);
    } catch {
      notify.error('We could not copy the code. Please select it and copy it yourself.');
    }
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Payrail', text: shareText });
        return;
      } catch {
        // Dismissed: nothing to do.
        return;
      }
    }
    window.location.href = `mailto:?subject=${encodeURIComponent('Check your rate at Payrail')}&body=${encodeURIComponent(shareText)}`;
  };

  return (
    <div className={styles.page}>
      <h1>Refer a Friend</h1>
      <section className={styles.card} aria-labelledby="referral-code">
        <h2 id="referral-code">Your referral code</h2>
        <p className={styles.code} aria-label={`Your referral code ${data.refer_code.split('').join(' ')}`}>
          {data.refer_code}
        </p>
        <div className={styles.row}>
          <Button onClick={() => void copy()}>Copy code</Button>
          <Button variant="secondary" onClick={() => void share()}>
            Share
          </Button>
        </div>
        <p>
          Earn $1 when a friend you refer submits an application and $50 when their loan is funded, plus bonuses of $100, $200 and $500 at your 3rd, 5th and
          10th approved referral. Rewards are paid to your bank account {Math.round(data.payout_wait_days / 7)} weeks after you earn them.
        </p>
        <p>{`${data.friends} ${data.friends === 1 ? 'friend has' : 'friends have'} signed up with your code.`}</p>
      </section>
      <Progress program={data} />
      <section className={styles.card} aria-labelledby="referral-history">
        <h2 id="referral-history">Rewards history</h2>
        <Table
          caption="Rewards history"
          captionHidden
          columns={COLUMNS}
          rows={data.rewards}
          getRowKey={(r) => r.id}
          emptyMessage="No rewards yet: share your code with a friend."
        />
      </section>
      {data.referred_by ? (
        <p>{`You were referred by code ${data.referred_by}.`}</p>
      ) : (
        <section className={styles.card} aria-labelledby="referred-by">
          <h2 id="referred-by">Did a friend refer you?</h2>
          <ReferFriendForm />
        </section>
      )}
    </div>
  );
}
