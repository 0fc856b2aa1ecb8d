import { describe, expect, it } from 'vitest';
import { displayMasked, isMasked, maskAllButLast } from './mask';

describe('masks', () => {
  it('masks all but the last N', () => {
    expect(maskAllButLast('123456', 2)).toBe('****56');
    expect(maskAllButLast('12', 4)).toBe('12');
    expect(maskAllButLast('123', 0)).toBe('***');
  });
  it('recognises a masked value and shows asterisks as X', () => {
    expect(isMasked('*****6789')).toBe(true);
    expect(isMasked('123456789')).toBe(false);
    expect(displayMasked('*****6789')).toBe('XXXXX6789');
  });
});
