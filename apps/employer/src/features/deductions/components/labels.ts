import type { DeductionChange } from '@payrail/contract/employer-deductions';
import { DEDUCTION_CHANGE_LABELS } from '@payrail/contract/employer-deductions';
import type { BadgeTone } from '@payrail/ui/badge';

export { DEDUCTION_CHANGE_LABELS };

export const CHANGE_TONES: Record<DeductionChange, BadgeTone> = {
  new: 'info',
  changed: 'warning',
  ended: 'danger',
  unchanged: 'neutral',
};
