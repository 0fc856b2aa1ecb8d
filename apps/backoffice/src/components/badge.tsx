import type { ReactNode } from 'react';
import type { WaitingOn } from '@payrail/contract/backoffice';
import { humanize } from '../lib/labels';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'lender' | 'borrower' | 'success' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${tone === 'neutral' ? '' : styles[tone]}`}>{children}</span>;
}

export const WAITING_ON_LABELS: Record<WaitingOn, string> = {
  lender: 'Waiting on lender',
  borrower: 'Waiting on borrower',
  funding: 'Funding queue',
  none: 'Nobody (closed)',
};

/** Who must act next: the lender (us) or the borrower. Text, not colour alone, carries the meaning. */
export function WaitingOnBadge({ value }: { value: WaitingOn }) {
  return <Badge tone={value === 'none' ? 'neutral' : value === 'funding' ? 'lender' : value}>{WAITING_ON_LABELS[value]}</Badge>;
}

const SUCCESS = new Set(['approved']);
const DANGER = new Set(['declined', 'denied', 'dropped', 'canceled']);

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={SUCCESS.has(status) ? 'success' : DANGER.has(status) ? 'danger' : 'neutral'}>{humanize(status)}</Badge>;
}
