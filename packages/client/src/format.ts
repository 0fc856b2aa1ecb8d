/**
 * Display formatting for the borrower UI (spec §9). Everything here is for showing values;
 * arithmetic on money happens in integer cents in packages/domain and on the server, and money is
 * shown by the domain's `formatUsd` (the API sends every amount in integer cents).
 */
import { cents, formatUsd } from '@payrail/domain/money';

/** Shown in place of an amount that is not a number, exactly as the spec words it. */
export const MONEY_FALLBACK = '$ 0.0';

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.replace(/[$,\s]/g, ''));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Integer cents as '$1,234.56' through the domain's one money display ({@link formatUsd}); what is not
 * a whole number of cents (a missing value, text, a fraction of a cent) shows the spec's fallback.
 */
export function formatCents(value: number | string | null | undefined): string {
  const number = toNumber(value);
  return number !== null && Number.isSafeInteger(number) ? formatUsd(cents(number)) : MONEY_FALLBACK;
}

/** A percentage value (12.5 means 12.5 %) with two decimals: '12.50%'. */
export function formatPercent(value: number | string | null | undefined): string {
  const number = toNumber(typeof value === 'string' ? value.replace('%', '') : value);
  return `${(number ?? 0).toFixed(2)}%`;
}

/** Basis points as a percentage: 1234 → '12.34%' (two decimals unless `decimals` says otherwise). */
export function formatBasisPoints(bp: number, decimals = 2): string {
  return `${(bp / 100).toFixed(decimals)}%`;
}

/** A chart axis label for basis points: whole percents without decimals ('12%'), others with one ('12.5%'). */
export function formatBasisPointsAxis(bp: number): string {
  return formatBasisPoints(bp, bp % 100 === 0 ? 0 : 1);
}

/** A chart axis label for integer cents: whole dollars, grouped ('$1,235'); exact amounts use {@link formatCents}. */
export function formatDollarsAxis(value: number): string {
  return `$${Math.round(value / 100).toLocaleString('en-US')}`;
}

/** ISO date or timestamp to MM/DD/YYYY in UTC; '' when it is not a date. */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const date = iso instanceof Date ? iso : new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

/** SSN showing the last four digits only: 'xxx-xx-6789'. */
export function maskSsn(ssn: string | null | undefined): string {
  const digits = (ssn ?? '').replace(/\D/g, '');
  const last4 = digits.length >= 4 ? digits.slice(-4) : 'xxxx';
  return `xxx-xx-${last4}`;
}

/** Applies a '#'-pattern (each '#' takes the next character) and stops when the input runs out. */
export function applyPattern(pattern: string, value: string): string {
  const chars = value.replace(/[^0-9a-z]/gi, '');
  let out = '';
  let i = 0;
  for (const symbol of pattern) {
    if (i >= chars.length) break;
    if (symbol === '#') out += chars[i++];
    else out += symbol;
  }
  return out;
}

/** Card expiry as MM/YY (access §1, the shell's card lists); '' when the month or year is unknown or out of range. */
export function formatCardExpiry(month: number | null | undefined, year: number | null | undefined): string {
  if (month == null || year == null || !Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12 || year < 0) return '';
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** Loan identifier as ####-##-####. */
export function formatLoanIdentifier(identifier: string | number | null | undefined): string {
  return applyPattern('####-##-####', String(identifier ?? ''));
}

/** US phone number as (###) ###-####; other input is returned unchanged. */
export function formatUsPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? applyPattern('(###) ###-####', digits) : (phone ?? '');
}

/** Notification text longer than 45 characters is cut to 42 plus an ellipsis (spec §9). */
export function truncateNotification(message: string): string {
  return message.length > 45 ? `${message.slice(0, 42)}…` : message;
}

/** A bank account number as the server sends it (masked with asterisks) shown with X (spec: "masked with asterisks, displayed with X"); '—' when there is none. */
export function displayAccountNumber(masked: string | null | undefined): string {
  return masked ? masked.replace(/\*/g, 'X') : '—';
}

/** Document names longer than 30 characters become 27 plus '...'. */
export function truncateDocumentName(name: string): string {
  return name.length > 30 ? `${name.slice(0, 27)}...` : name;
}

/** File size for people: '512 B', '1.5 KB', '4.8 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
