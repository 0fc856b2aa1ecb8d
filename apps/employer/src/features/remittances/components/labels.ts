import type { TReconciliationStatus } from '@payrail/contract/employer-remittances';
import type { BadgeTone } from '@payrail/ui/badge';

export const STATUS_LABELS: Record<TReconciliationStatus, string> = {
  exact: 'Exact',
  short: 'Short',
  over: 'Over',
  missing: 'Missing',
  unknown_employee: 'Unknown employee',
};

export const STATUS_TONES: Record<TReconciliationStatus, BadgeTone> = {
  exact: 'success',
  short: 'danger',
  over: 'warning',
  missing: 'danger',
  unknown_employee: 'warning',
};
