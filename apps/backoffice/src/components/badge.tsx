import type { ReactNode } from 'react';
import type { WaitingOn } from '@payrail/contract/backoffice';
import { humanize } from '../lib/labels';
import { Badge as Pill } from '@payrail/ui/badge';

export type BadgeTone = 'neutral' | 'lender' | 'borrower' | 'success' | 'danger';

/** Who a tone stands for in the back office: the lender's turn in amber, the borrower's in blue. */
const PILL_TONE = { neutral: 'neutral', lender: 'warning', borrower: 'info', success: 'success', danger: 'danger' } as const;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <Pill tone={PILL_TONE[tone]}>{children}</Pill>;
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
