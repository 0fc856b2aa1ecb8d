import { formatPercentPaid } from '../lib/servicing-format';
import styles from './servicing.module.css';

/** Spec §9: the loan progress circle is 165 px with a 12 px stroke. */
export const CIRCLE_SIZE = 165;
export const CIRCLE_WIDTH = 12;

export interface ProgressCircleProps {
  /** Percent paid, already truncated to one decimal. */
  percent: number;
}

/** Loan progress as a ring; the percentage is also the image's accessible name. */
export function ProgressCircle({ percent }: ProgressCircleProps) {
  const radius = (CIRCLE_SIZE - CIRCLE_WIDTH) / 2;
  const circumference = 2 * Math.PI * radius;
  const text = formatPercentPaid(percent);
  return (
    <svg
      className={styles.circle}
      width={CIRCLE_SIZE}
      height={CIRCLE_SIZE}
      viewBox={`0 0 ${CIRCLE_SIZE} ${CIRCLE_SIZE}`}
      role="img"
      aria-label={`${text} paid`}
      data-stroke-width={CIRCLE_WIDTH}
    >
      <circle className={styles.circleTrack} cx={CIRCLE_SIZE / 2} cy={CIRCLE_SIZE / 2} r={radius} fill="none" strokeWidth={CIRCLE_WIDTH} />
      <circle
        className={styles.circleValue}
        cx={CIRCLE_SIZE / 2}
        cy={CIRCLE_SIZE / 2}
        r={radius}
        fill="none"
        strokeWidth={CIRCLE_WIDTH}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - Math.min(Math.max(percent, 0), 100) / 100)}
        transform={`rotate(-90 ${CIRCLE_SIZE / 2} ${CIRCLE_SIZE / 2})`}
      />
      <text className={styles.circleText} x="50%" y="47%" textAnchor="middle" dominantBaseline="middle" aria-hidden="true">
        {text}
      </text>
      <text className={styles.circleCaption} x="50%" y="62%" textAnchor="middle" dominantBaseline="middle" aria-hidden="true">
        paid
      </text>
    </svg>
  );
}
