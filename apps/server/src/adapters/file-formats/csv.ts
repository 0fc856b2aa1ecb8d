/**
 * CSV text (RFC 4180: comma separated, optional double quotes with quotes doubled inside, CRLF or LF line
 * ends, a leading byte-order mark ignored): the reader and writer the payroll files share (payroll-csv.ts).
 */

/** Splits CSV text into records of fields (blank lines skipped); `line` is the record's first line, 1-based. Throws on an unterminated quote. */
export function parseCsvRecords(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = (): void => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) out.push({ line: startLine, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n') line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i += 1;
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === '\r' && src[i + 1] === '\n') {
      i += 1;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      endRecord();
      line += 1;
      startLine = line;
      i += 1;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (quoted) throw new RangeError(`unterminated quoted field starting on line ${String(startLine)}`);
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

/** One CSV field, quoted when RFC 4180 requires it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text: CRLF line ends and a final CRLF. */
export const csvText = (rows: readonly (readonly string[])[]): string => rows.map((r) => r.map(csvField).join(',') + '\r\n').join('');

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would not run as a formula (CSV injection): one that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading `'`. {@link fromInert} takes it off again.
 */
export const inertText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
/** The cell as written before {@link inertText}. */
export const fromInert = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/** A header cell as a column name: trimmed, lower case, spaces and dashes as underscores ("Pay Date" → pay_date). */
export const columnName = (h: string): string =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
