import { useBenefits } from '../api/get-benefits';
import type { TBenefits } from '../api/get-benefits';
import styles from './benefit-medal.module.css';

const LEVEL_NAMES: Record<TBenefits['level'], string> = { zero: 'No medal yet', bronze: 'Bronze', silver: 'Silver', gold: 'Gold' };

/**
 * The sidebar's benefit medal (spec §2). A failed call shows nothing (spec: benefits failures are
 * silent). Level zero says there is no medal yet rather than drawing an empty one.
 */
export function BenefitMedal() {
  const { data } = useBenefits();
  if (!data) return null;
  const earned = data.level !== 'zero';
  return (
    <div className={styles.medal}>
      <svg className={styles.icon} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M10 2h5l3 9h-5zM22 2h-5l-3 9h5z" fill={earned ? '#4b5866' : '#b8c2cc'} />
        <circle cx="16" cy="20" r="9" fill={earned ? data.color : '#d5dde3'} />
        <path d="M16 14.5l1.7 3.5 3.8.5-2.8 2.6.7 3.8-3.4-1.8-3.4 1.8.7-3.8-2.8-2.6 3.8-.5z" fill="#fff" opacity={earned ? 0.95 : 0.7} />
      </svg>
      <div>
        <p className={styles.label}>Benefits</p>
        <p className={styles.level}>{earned ? `${LEVEL_NAMES[data.level]} member` : LEVEL_NAMES.zero}</p>
      </div>
    </div>
  );
}
