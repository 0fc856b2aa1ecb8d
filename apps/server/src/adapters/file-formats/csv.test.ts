import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvText, parseCsvRecords } from './csv';

describe('parseCsvRecords', () => {
  it('handles quotes, escaped quotes, commas and newlines inside quotes, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFFa,b\r\n"x, y","he said ""hi"""\r\n\r\n"multi\nline",z\n';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'he said "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ]);
  });
  it('refuses an unterminated quote', () => expect(() => parseCsvRecords('a,"b\n')).toThrow(/unterminated/));
  it('property: quoting any fields round-trips', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')).join('\r\n');
        expect(parseCsvRecords(text).map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});

describe('csvField / csvText', () => {
  it('quotes only what needs it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('')).toBe('');
  });
  it('property: what csvText writes, parseCsvRecords reads back', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsvRecords(csvText(rows)).map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});
