import { describe, expect, it } from 'vitest';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { uploadRefusal } from './upload-rules';
import { dobError, newflowSsnError, ssnRepeatError } from './rules';

describe('new-flow upload rules (§5)', () => {
  it('accepts .png .jpg .jpeg .pdf up to 2,000,000 bytes', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf']) expect(uploadRefusal({ name, size: 2_000_000 })).toBeNull();
  });
  it('refuses a file over 2 MB, a wrong type, and both with the combined message', () => {
    expect(uploadRefusal({ name: 'a.png', size: 2_000_001 })).toBe(NEWFLOW_MSG.fileTooLarge);
    expect(uploadRefusal({ name: 'a.gif', size: 10 })).toBe(NEWFLOW_MSG.fileWrongType);
    expect(uploadRefusal({ name: 'a.docx', size: 3_000_000 })).toBe(NEWFLOW_MSG.fileTooLargeAndWrongType);
  });
});

describe('new-flow field rules (§5)', () => {
  const now = new Date(2026, 10, 25);
  it('date of birth: year 1900 to this year, 18+', () => {
    expect(dobError('01/01/1899', now)).toBe(NEWFLOW_MSG.dobYearInvalid);
    expect(dobError('01/01/2027', now)).toBe(NEWFLOW_MSG.dobYearInvalid);
    expect(dobError('11/26/2008', now)).toBe(NEWFLOW_MSG.underLegalAge);
    expect(dobError('11/25/2008', now)).toBeNull();
  });
  it('SSN: 9 digits, not 000, no 9xx area; the repeat must match', () => {
    expect(newflowSsnError('12345678')).toBe(NEWFLOW_MSG.ssnInvalid);
    expect(newflowSsnError('000-12-3456')).toBe(NEWFLOW_MSG.ssnInvalid);
    expect(newflowSsnError('950-12-3456')).toBe(NEWFLOW_MSG.ssnInvalid);
    expect(newflowSsnError('123-45-6789')).toBeNull();
    expect(ssnRepeatError('123-45-6789', '123456789')).toBeNull();
    expect(ssnRepeatError('123-45-6789', '123-45-6780')).toBe(NEWFLOW_MSG.ssnMismatch);
  });
});
