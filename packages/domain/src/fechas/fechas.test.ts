import { describe, expect, it } from 'vitest';
import {
  diasEntre,
  diasInclusivos,
  esFechaValida,
  fechaSchema,
  sumarDias,
  sumarMeses,
} from './fechas.js';

describe('fechas', () => {
  it('accepts only existing calendar days', () => {
    expect(esFechaValida('2026-03-10')).toBe(true);
    expect(esFechaValida('2028-02-29')).toBe(true);
    expect(esFechaValida('2026-02-29')).toBe(false);
    expect(esFechaValida('2026-3-10')).toBe(false);
    expect(fechaSchema().safeParse('10/03/2026').error?.issues[0]?.message).toBe(
      'Fecha no válida: usa el formato AAAA-MM-DD',
    );
  });

  it('counts days across the daylight-saving change and month ends', () => {
    expect(sumarDias('2026-03-28', 2)).toBe('2026-03-30');
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(diasEntre('2026-03-10', '2026-03-20')).toBe(10);
    expect(diasInclusivos('2026-03-10', '2026-03-20')).toBe(11);
  });

  it('adds months clamping the day to the month end (R10)', () => {
    expect(sumarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(sumarMeses('2028-01-31', 1)).toBe('2028-02-29');
    expect(sumarMeses('2025-04-20', 12)).toBe('2026-04-20');
    expect(sumarMeses('2026-11-30', 3)).toBe('2027-02-28');
  });
});
