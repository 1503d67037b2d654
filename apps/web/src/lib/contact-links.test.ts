import { describe, expect, it } from 'vitest';
import { telHref } from './contact-links.js';

describe('telHref (issue 14)', () => {
  it('keeps only the digits of a stored phone, and a leading +', () => {
    expect(telHref('971 12 34 56')).toBe('tel:971123456');
    expect(telHref(' +34 (971) 12-34-56 ')).toBe('tel:+34971123456');
    expect(telHref('612.345.678 ext')).toBe('tel:612345678');
  });

  it('gives no link for a phone without digits', () => {
    expect(telHref('—')).toBeUndefined();
    expect(telHref('')).toBeUndefined();
  });
});
