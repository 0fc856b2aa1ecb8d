/**
 * Fixed-width fields of a Metro 2 record, both ways: {@link formatField} writes a value into its field
 * (numbers right-justified and zero-filled, text upper case, left-justified and blank-filled, dates
 * `MMDDYYYY`), {@link parseField} reads it back and says what is wrong with it (docs/credit-reporting.md).
 */
import { isIsoDate, makeIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { RECORD_LENGTH } from './layout';
import type { FieldSpec, Layout } from './layout';

/** What a field holds once read: a number (N), text (A, or N with `digits`), an ISO date or timestamp, or null (no date). */
export type FieldValue = string | number | null;
export type RecordValues<K extends string> = { readonly [P in K]?: FieldValue };

/** Characters an alphanumeric field may hold: upper-case letters, digits, space and the Guide's punctuation. */
const ALNUM = /^[A-Z0-9 \-'.,/&#]*$/;

export class Metro2FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'Metro2FieldError';
  }
}

/** Free text as Metro 2 takes it: accents dropped, upper case, other characters blanked, single spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 \-'.,/&#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function formatDate(spec: FieldSpec, value: FieldValue): string {
  if (value === null || value === '') return '0'.repeat(spec.length);
  if (typeof value !== 'string' || !isIsoDate(value)) throw new Metro2FieldError(spec.key, `not a date: ${String(value)}`);
  return `${value.slice(5, 7)}${value.slice(8, 10)}${value.slice(0, 4)}`;
}

function formatTimestamp(spec: FieldSpec, value: FieldValue): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!m || !isIsoDate(`${m[1]}-${m[2]}-${m[3]}`) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)
    throw new Metro2FieldError(spec.key, `not a timestamp: ${String(value)}`);
  return `${m[2]}${m[3]}${m[1]}${m[4]}${m[5]}${m[6]}`;
}

/** The field's `length` characters for `value` (null or absent: the constant, blanks, zeros). Throws {@link Metro2FieldError} when it cannot fit. */
export function formatField(spec: FieldSpec, value: FieldValue | undefined): string {
  const v = value === undefined || value === null ? (spec.constant ?? null) : value;
  switch (spec.type) {
    case 'N': {
      if (v === null || v === '') return '0'.repeat(spec.length);
      const text = typeof v === 'number' ? (Number.isSafeInteger(v) && v >= 0 ? String(v) : '') : /^\d+$/.test(v) ? v : '';
      if (text === '') throw new Metro2FieldError(spec.key, `not a whole number ≥ 0: ${String(v)}`);
      if (text.length > spec.length) throw new Metro2FieldError(spec.key, `${text} does not fit in ${spec.length} digits`);
      return text.padStart(spec.length, '0');
    }
    case 'A': {
      const text = v === null ? '' : normaliseText(String(v));
      if (text.length > spec.length && !spec.truncate) throw new Metro2FieldError(spec.key, `"${text}" does not fit in ${spec.length} characters`);
      return text.slice(0, spec.length).trimEnd().padEnd(spec.length, ' ');
    }
    case 'D':
      return formatDate(spec, v);
    case 'T':
      return formatTimestamp(spec, v);
  }
}

export type FieldRead = { ok: true; value: FieldValue } | { ok: false; message: string };

function parseDate(raw: string): IsoDate | null | undefined {
  if (/^0+$/.test(raw)) return null;
  if (!/^\d{8}$/.test(raw)) return undefined;
  const month = Number(raw.slice(0, 2));
  const day = Number(raw.slice(2, 4));
  const year = Number(raw.slice(4, 8));
  try {
    return makeIsoDate(year, month, day);
  } catch {
    return undefined;
  }
}

/** Reads a field's raw characters back: its type, its allowed codes, whether it may be blank, its constant. */
export function parseField(spec: FieldSpec, raw: string): FieldRead {
  if (raw.length !== spec.length) return { ok: false, message: `is ${raw.length} characters, expected ${spec.length}` };
  if (spec.constant !== undefined && raw !== formatField(spec, spec.constant)) return { ok: false, message: `must be "${spec.constant}", got "${raw}"` };
  switch (spec.type) {
    case 'N': {
      if (!/^\d+$/.test(raw)) return { ok: false, message: `not numeric: "${raw}"` };
      if (spec.required && /^0+$/.test(raw)) return { ok: false, message: 'is required' };
      return { ok: true, value: spec.digits ? raw : Number(raw) };
    }
    case 'A': {
      if (!ALNUM.test(raw)) return { ok: false, message: `not upper-case alphanumeric: "${raw}"` };
      const value = raw.trimEnd();
      if (value !== '' && raw.startsWith(' ')) return { ok: false, message: `not left-justified: "${raw}"` };
      if (value === '') return spec.required ? { ok: false, message: 'is required' } : { ok: true, value };
      if (spec.codes && !spec.codes.includes(value)) return { ok: false, message: `"${value}" is not an allowed code` };
      return { ok: true, value };
    }
    case 'D': {
      const date = parseDate(raw);
      if (date === undefined) return { ok: false, message: `not a date (MMDDYYYY): "${raw}"` };
      if (date === null && spec.required) return { ok: false, message: 'is required' };
      return { ok: true, value: date };
    }
    case 'T': {
      const date = /^\d{14}$/.test(raw) ? parseDate(raw.slice(0, 8)) : undefined;
      const [h, m, s] = [raw.slice(8, 10), raw.slice(10, 12), raw.slice(12, 14)].map(Number) as [number, number, number];
      if (!date || h > 23 || m > 59 || s > 59) return { ok: false, message: `not a timestamp (MMDDYYYYHHMMSS): "${raw}"` };
      return { ok: true, value: `${date}T${raw.slice(8, 10)}:${raw.slice(10, 12)}:${raw.slice(12, 14)}` };
    }
  }
}

/** One record: the layout's fields in order; exactly {@link RECORD_LENGTH} characters. */
export function writeRecord<L extends Layout>(layout: L, values: RecordValues<L[number]['key']>): string {
  const vals = values as Readonly<Record<string, FieldValue | undefined>>;
  const text = layout.map((spec) => formatField(spec, vals[spec.key])).join('');
  if (text.length !== RECORD_LENGTH) throw new Error(`record is ${text.length} characters, expected ${RECORD_LENGTH}`);
  return text;
}

export interface FieldProblem {
  readonly field: string;
  readonly position: number;
  readonly message: string;
}

/** Reads every field of a record; the values of the fields that read, and a problem per field that does not. */
export function parseRecord<L extends Layout>(layout: L, line: string): { values: Record<L[number]['key'], FieldValue>; problems: FieldProblem[] } {
  const values: Record<string, FieldValue> = {};
  const problems: FieldProblem[] = [];
  if (line.length !== RECORD_LENGTH) problems.push({ field: 'record', position: 1, message: `record is ${line.length} characters, expected ${RECORD_LENGTH}` });
  for (const spec of layout) {
    const raw = line.slice(spec.position - 1, spec.position - 1 + spec.length);
    if (raw.length !== spec.length) continue; // a short record: already reported
    const read = parseField(spec, raw);
    if (read.ok) values[spec.key] = read.value;
    else problems.push({ field: spec.key, position: spec.position, message: `${spec.name} ${read.message}` });
  }
  return { values: values as Record<L[number]['key'], FieldValue>, problems };
}
