import { WORKING_TIME_RANGE_LABELS } from '@payrail/contract/application';

/** "review_application" → "Review application". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const text = value.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A calendar date as US staff read it (MM/DD/YYYY); other shapes are shown as they come. */
export function formatUsDate(value: string | null | undefined): string {
  const iso = ISO_DATE.exec(value ?? '');
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value ? value : '—';
}

/** An ISO timestamp as a US date and a UTC time: "11/25/2026 13:05 UTC". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  return `${formatUsDate(text.slice(0, 10))} ${text.slice(11, 16)} UTC`;
}

/** A value for a definition list: text, yes/no, a date or timestamp read as one, or a dash. */
export function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatUsDate(value);
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

/** Nine digits (or an already masked xxx-xx-1234) as ###-##-####. */
export function formatSsn(value: string): string {
  const digits = /^(\w{3})-?(\w{2})-?(\w{4})$/.exec(value);
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : value;
}

/** The working-time keys the server stores (lt_1, 1_3, 3_5, gt_5), read as the borrower chose them. */
const WORKING_TIME: Readonly<Record<string, string>> = {
  lt_1: WORKING_TIME_RANGE_LABELS[0],
  '1_3': WORKING_TIME_RANGE_LABELS[1],
  '3_5': WORKING_TIME_RANGE_LABELS[2],
  gt_5: WORKING_TIME_RANGE_LABELS[3],
};

export function workingTimeLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return WORKING_TIME[value] ?? value;
}

/** Words staff read in capitals ("apr" → "APR"). */
const ACRONYMS: Readonly<Record<string, string>> = { apr: 'APR', ach: 'ACH', ssn: 'SSN' };

/** A field's wire name as a label, without the unit suffixes staff do not read ("annual_income_cents" → "Annual income", "apr" → "APR"). */
export function fieldLabel(key: string): string {
  return humanize(key.replace(/_(cents|at)$/, ''))
    .split(' ')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word)
    .join(' ');
}
