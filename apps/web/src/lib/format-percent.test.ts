import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

describe('formatPercent (French, the default language)', () => {
  // French puts a no-break space (narrow or not, as the runtime's Intl has it) before « % ».
  it.each([
    [42, 980, '4'],
    [490, 980, '50'],
    [3, 980, '0,3'],
    [0, 980, '0'],
    [0, 0, '0'],
  ])('%d of %d → %s %', (part, total, number) =>
    expect(formatPercent(part, total)).toMatch(new RegExp(`^${number}[\\u00a0\\u202f]%$`)),
  );
});
