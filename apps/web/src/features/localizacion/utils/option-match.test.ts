import { describe, expect, it } from 'vitest';
import { offersCreation } from './option-match.js';

describe('offersCreation (SPEC 4.7)', () => {
  const labels = ['ÁVILA', 'ILLES BALEARS'];

  it('offers a name that matches no option', () => {
    expect(offersCreation('Segovia', labels)).toBe(true);
    expect(offersCreation('illes', labels)).toBe(true);
  });

  it('does not offer empty or blank text', () => {
    expect(offersCreation('', labels)).toBe(false);
    expect(offersCreation('   ', labels)).toBe(false);
  });

  it('treats case, accents and repeated spaces as the same name', () => {
    expect(offersCreation('avila', labels)).toBe(false);
    expect(offersCreation('  illes   balears ', labels)).toBe(false);
  });
});
